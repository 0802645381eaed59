import Foundation
import UserListKit

/// Runs one export through `UserListRun` in this process, as `userlist` runs it, and says the
/// first way the answer breaks issue 18's contract (nil: it keeps it):
///
/// - `userlist EXPORT --explain` names the layout the export was written in (`line-delimited`,
///   `pretty-printed`);
/// - `userlist EXPORT --skip-bad-json --rejects R --summary S -f ndjson` exits 0 and prints every
///   good user once (the first occurrence of each id, in input order, with its name) and no user
///   of a broken record; R has one line per reject, in order, each naming the input, the line the
///   broken record starts on, a kind, a reason, and the text (a line-delimited reject's text is its
///   whole line; a pretty one's starts with it); S's counts are the export's and add up;
/// - `userlist EXPORT` stops at the first broken record (or at a document with no users before
///   it): exit 65, nothing written, and the one line `INPUT:L:C: MESSAGE`, L:C where the record
///   starts (its line's first byte), with ` (parser stopped at L2:C2)` only for a later place.
struct CorpusCheck {
    /// Where the exports and the runs' files are written.
    let directory: URL

    /// The export's file: its text, compressed as the export says.
    func write(_ export: CorpusExport) throws -> String {
        let base = directory.appendingPathComponent("\(export.variant)-\(export.index)").path
        let plainPath = base + (export.format.layout == .pretty ? ".json" : ".ndjson")
        let text = export.text
        // What is being read, should the reader crash (see ``CrashNote``).
        let about = export.items.count > 2_000 ? "seed \(export.seed) · \(export.variant) export \(export.index) (big: see the file)" : "\(export)"
        try Data("\(about)\nfile: \(plainPath)\n".utf8).write(to: directory.appendingPathComponent("checking.txt"))
        switch export.compression {
        case .none:
            try Data(text).write(to: URL(fileURLWithPath: plainPath))
            return plainPath
        case .gzip:
            // A cut gives two gzip members one after the other, as `cat a.gz b.gz` does.
            let cut = min(export.gzipMemberCut ?? text.count, text.count)
            try Data(text[..<cut]).write(to: URL(fileURLWithPath: plainPath + ".1"))
            try Data(text[cut...]).write(to: URL(fileURLWithPath: plainPath + ".2"))
            let second = cut < text.count ? " && gzip -cn '\(plainPath).2' >> '\(plainPath).gz'" : ""
            try Self.shell("gzip -cn '\(plainPath).1' > '\(plainPath).gz'" + second + " && rm '\(plainPath).1' '\(plainPath).2'")
            return plainPath + ".gz"
        case .zstd:
            try Data(text).write(to: URL(fileURLWithPath: plainPath))
            try Self.shell("zstd -q -f -c '\(plainPath)' > '\(plainPath).zst'")
            return plainPath + ".zst"
        }
    }

    private static func shell(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(command): exit \(process.terminationStatus)"]) }
    }

    /// The first broken promise, as `area: what` (nil: none).
    func failure(of export: CorpusExport) -> String? { failures(of: export).first }

    /// Every broken promise, one per area (users, rejects, summary, stop), each `area: what: details`.
    func failures(of export: CorpusExport) -> [String] {
        let input: String
        do { input = try write(export) } catch { return ["setup: \(error)"] }
        let expected = export.expected
        // The layout of a big export is that of its first lines, as a small one's: not asked again.
        let layoutFailure = export.items.count > 2_000 ? nil : layout(of: export, input: input)
        return [layoutFailure].compactMap { $0 } + skippingRun(export, input: input, expected: expected)
            + [stoppingRun(input: input, expected: expected)].compactMap { $0 }
    }

    /// `--explain` names the layout the export was written in.
    private func layout(of export: CorpusExport, input: String) -> String? {
        var run = UserListRun(inputs: [.file(input)], explain: true, threads: 1)
        run.skipBadJSON = true
        let output = OutputWriter()
        do { try run.run(output: output, warnings: CollectedWarnings()) } catch { return "layout: --explain --skip-bad-json failed: exit \(error.exitCode): \(error.message)" }
        let want = export.format.layout == .lines ? "line-delimited" : "pretty-printed"
        let said = String(decoding: output.bytes, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix(input + ": ") }
        guard let said, said.dropFirst(input.count + 2).hasPrefix(want + " ") else {
            return "layout: --explain does not say \(want): \(said ?? "no line for the input")"
        }
        return nil
    }

    private func skippingRun(_ export: CorpusExport, input: String, expected: CorpusExport.Expected) -> [String] {
        let output = input + ".out", rejectsPath = input + ".rejects", summaryPath = input + ".summary"
        var run = UserListRun(inputs: [.file(input)], format: .ndjson, threads: 1 + export.index % 2)
        run.skipBadJSON = true
        run.rejectsPath = rejectsPath
        do {
            try run.run(to: .file(output), warnings: CollectedWarnings(), reporting: RunReporting(summary: .file(summaryPath)) { _ in })
        } catch {
            return ["exit: --skip-bad-json: exit \(error.exitCode), expected 0: \(error.message)"]
        }
        return [users(in: output, expected: expected), rejects(in: rejectsPath, input: input, layout: export.format.layout, expected: expected),
                summary(in: summaryPath, expected: expected)].compactMap { $0 }
    }

    /// The first occurrence of each good id, in input order, with its name; nothing else.
    private func users(in output: String, expected: CorpusExport.Expected) -> String? {
        let users = Self.jsonLines(output).map { (id: $0["id"] as? String ?? "\($0["id"] ?? "nil")", title: $0["title"] as? String ?? "nil") }
        let shown = { (user: (id: String, title: String)) in "\(user.id) \(user.title)" }
        let wanted = Dictionary(expected.users.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        for user in users {
            guard let title = wanted[user.id] else {
                let kind = expected.brokenUsers[user.id].map { " (\($0))" } ?? ""
                return "users: a user of a broken record\(kind) came out: \(shown(user))"
            }
            guard title == user.title else {
                let kind = expected.brokenUsers[user.id].map { " (\($0))" } ?? ""
                return "users: a user of a broken record\(kind), or a later duplicate, came out instead of the first good one: \(shown(user)), expected \(user.id) \(title)"
            }
            guard seen.insert(user.id).inserted else { return "users: a user came out twice: \(shown(user))" }
        }
        if let missing = expected.users.first(where: { !seen.contains($0.id) }) {
            return "users: a good user is missing: \(shown(missing)) (\(expected.users.count - seen.count) of \(expected.users.count) missing)"
        }
        if users.map(\.id) != expected.users.map(\.id) { return "users: not in input order: \(users.map(\.id)), expected \(expected.users.map(\.id))" }
        return nil
    }

    /// One reject per broken record, in input order, each at the line the record starts on.
    private func rejects(in path: String, input: String, layout: CorpusExport.Layout, expected: CorpusExport.Expected) -> String? {
        let rejects = Self.jsonLines(path)
        let shown = { (reject: [String: Any]) in String(decoding: try! JSONSerialization.data(withJSONObject: reject, options: [.sortedKeys]), as: UTF8.self) }
        let lines = rejects.map { $0["line"] as? Int ?? -1 }
        // Each reject at the line of a broken record, each broken record with its reject.
        var unmatched = lines
        for want in expected.rejects {
            guard let index = unmatched.firstIndex(of: want.line) else {
                let near = rejects.filter { abs(($0["line"] as? Int ?? -9) - want.line) <= 2 }.map(shown)
                return "rejects: no reject for a \(want.kind) record: none at line \(want.line), where it starts; rejects at lines \(lines), expected \(expected.rejects.map(\.line))\(near.isEmpty ? "" : "; nearby: " + near.joined(separator: " "))"
            }
            unmatched.remove(at: index)
        }
        if let extra = unmatched.first, let reject = rejects.first(where: { $0["line"] as? Int ?? -1 == extra }) {
            let surplus = lines.filter { $0 == extra }.count - expected.rejects.filter { $0.line == extra }.count
            let what = "\(reject["kind"] ?? "nil") \(reject["path"].map { "\($0) " } ?? "")"
            return "rejects: \(surplus) more reject\(surplus == 1 ? "" : "s") than records at line \(extra) (\(what)): rejects at lines \(lines), expected \(expected.rejects.map(\.line)); \(shown(reject))"
        }
        if lines != expected.rejects.map(\.line) { return "rejects: not in input order: lines \(lines), expected \(expected.rejects.map(\.line))" }
        for (index, (reject, want)) in zip(rejects, expected.rejects).enumerated() {
            guard reject["input"] as? String == input else { return "rejects: a reject names another input: \(reject["input"] ?? "nil"): \(shown(reject))" }
            guard reject["kind"] is String, let reason = reject["reason"] as? String, !reason.isEmpty else { return "rejects: a reject has no kind or reason: \(shown(reject))" }
            if let text = reject["text"] as? String {
                // Valid UTF-8 lines only: invalid bytes may be written as U+FFFD.
                var line = want.firstLine
                if line.last == 0x0D { line.removeLast() }
                var got = Array(text.utf8)
                if got.last == 0x0A { got.removeLast() }
                if got.last == 0x0D { got.removeLast() }
                if String(validating: line, as: UTF8.self) != nil {
                    let whole = layout == .lines ? got == line : got.starts(with: line)
                    if !whole { return "rejects: the text of a reject (\(want.kind)) is not \(layout == .lines ? "" : "led by ")its whole line: reject \(index + 1), line \(want.line) is \(CorpusExport.escaped(line)): \(shown(reject))" }
                }
            } else if want.kind != .noUsers || reject["record"] == nil {
                return "rejects: a reject (\(want.kind)) has no text: \(shown(reject))"
            }
        }
        return nil
    }

    /// The export's counts, adding up.
    private func summary(in path: String, expected: CorpusExport.Expected) -> String? {
        guard let summary = Self.jsonLines(path).first else { return "summary: no summary" }
        func count(_ key: String) -> Int { summary[key] as? Int ?? -1 }
        let shown = String(decoding: try! JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]), as: UTF8.self)
        let counts = [("records", expected.records), ("users", expected.users.count), ("rejected", expected.rejects.count),
                      ("duplicates", expected.duplicates), ("excluded", 0)]
        let wrong = counts.filter { count($0.0) != $0.1 }
        if !wrong.isEmpty {
            return "summary: \(wrong.map { "\($0.0) \(count($0.0) > $0.1 ? "too many" : "too few")" }.joined(separator: ", ")): \(wrong.map { "\($0.0) \(count($0.0)), expected \($0.1)" }.joined(separator: ", ")): \(shown)"
        }
        guard summary["status"] as? String == "ok", count("records") == count("users") + count("rejected") + count("duplicates") + count("excluded") else {
            return "summary: does not add up: \(shown)"
        }
        return nil
    }

    private func stoppingRun(input: String, expected: CorpusExport.Expected) -> String? {
        let run = UserListRun(inputs: [.file(input)], format: .json, threads: 1)
        let output = OutputWriter()
        do {
            try run.run(output: output, warnings: CollectedWarnings())
            if expected.mustStop { return "stop: without --skip-bad-json: exit 0, expected 65 at line \(expected.stopLines.last!)" }
            return nil
        } catch {
            let message = error.message
            guard !expected.stopLines.isEmpty else { return "stop: without --skip-bad-json: exit \(error.exitCode) on an export with no broken record: \(message)" }
            guard error.exitCode == 65, output.bytes.isEmpty else { return "stop: exit \(error.exitCode), expected 65 (\(output.bytes.count) bytes written): \(message)" }
            guard let place = Self.place(in: message, input: input) else {
                return "stop: not one line `INPUT:L:C: MESSAGE ( (parser stopped at L2:C2))`: \(message)"
            }
            guard expected.stopLines.contains(place.line) else {
                let want = expected.stopLines.count == 1 ? "line \(expected.stopLines[0])" : "one of lines \(expected.stopLines.map(String.init).joined(separator: ", ")) (the last is the first broken record; the others hold no users)"
                return "stop: names line \(place.line), expected \(want): \(message)"
            }
            // Every broken record of the corpus starts at its line's first byte.
            guard place.column == 1 else { return "stop: names column \(place.column), the broken record starts at column 1: \(message)" }
            if let stopped = place.stopped, stopped == (place.line, place.column) || stopped < (place.line, place.column) {
                return "stop: the parser's place \(stopped) is not after the record's start \(place.line):\(place.column): \(message)"
            }
            return nil
        }
    }

    /// The built `userlist` answers as the runs in this process do: the same standard output,
    /// rejects and summary (but its seconds) with `--skip-bad-json`, and without it the same exit
    /// code and, on standard error, the one line `userlist: INPUT:L:C: MESSAGE`.
    /// (An export the runs in this process fail is reported by the other tests: nil, not compared.)
    func binaryDisagreement(on export: CorpusExport) -> String?? {
        guard failures(of: export).isEmpty else { return nil }
        let input: String
        do { input = try write(export) } catch { return "setup: \(error)" }
        let binary = input + ".binary"
        let skipping: CommandRunner.Result, stopping: CommandRunner.Result
        do {
            skipping = try CommandRunner.run("userlist '\(input)' --skip-bad-json --rejects '\(binary).rejects' --summary '\(binary).summary' -f ndjson")
            stopping = try CommandRunner.run("userlist '\(input)'")
        } catch {
            return "binary: could not run userlist: \(error)"
        }
        func file(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }
        func withoutSeconds(_ data: Data) -> String { String(decoding: data, as: UTF8.self).replacing(/"seconds":[0-9.]+/, with: "") }
        guard skipping.status == 0 else { return "binary: --skip-bad-json: exit \(skipping.status): \(String(decoding: skipping.stderr, as: UTF8.self))" }
        guard skipping.stdout == file(input + ".out") else { return "binary: --skip-bad-json: standard output differs from the run in this process" }
        guard file(binary + ".rejects") == file(input + ".rejects") else { return "binary: --skip-bad-json: the rejects differ from the run in this process" }
        guard withoutSeconds(file(binary + ".summary")) == withoutSeconds(file(input + ".summary")) else {
            return "binary: --skip-bad-json: the summary differs: \(withoutSeconds(file(binary + ".summary"))) vs \(withoutSeconds(file(input + ".summary")))"
        }
        let run = UserListRun(inputs: [.file(input)], format: .json, threads: 1)
        var expected = (status: Int32(0), stderr: "")
        do { try run.run(output: OutputWriter(), warnings: CollectedWarnings()) } catch { expected = (error.exitCode, "userlist: \(error.message)\n") }
        let stderr = String(decoding: stopping.stderr, as: UTF8.self)
        guard stopping.status == expected.status, stderr == expected.stderr else {
            return "binary: without --skip-bad-json: exit \(stopping.status), standard error \(stderr.debugDescription); expected exit \(expected.status), \(expected.stderr.debugDescription)"
        }
        return .some(nil)
    }

    /// `INPUT:L:C: MESSAGE` with an optional ` (parser stopped at L2:C2)`.
    static func place(in message: String, input: String) -> (line: Int, column: Int, stopped: (Int, Int)?)? {
        guard message.hasPrefix(input + ":"), !message.contains("\n") else { return nil }
        let fields = message.dropFirst(input.count + 1).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let line = Int(fields[0]), let column = Int(fields[1]), line >= 1, column >= 1,
              fields[2].hasPrefix(" "), fields[2].count > 1 else { return nil }
        var stopped: (Int, Int)?
        if let range = fields[2].range(of: " (parser stopped at ", options: .backwards), fields[2].hasSuffix(")") {
            let place = fields[2][range.upperBound...].dropLast().split(separator: ":")
            guard place.count == 2, let stoppedLine = Int(place[0]), let stoppedColumn = Int(place[1]) else { return nil }
            stopped = (stoppedLine, stoppedColumn)
        }
        return (line, column, stopped)
    }

    /// A file of JSON lines, each an object.
    static func jsonLines(_ path: String) -> [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).map { line in
            (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] ?? ["unparsable": String(decoding: line, as: UTF8.self)]
        }
    }
}
