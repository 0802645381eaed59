import Foundation
import UserListKit

/// Runs one export through `UserListRun` in this process, as `userlist` runs it, and says the
/// first way the answer breaks issue 18's contract (nil: it keeps it):
///
/// - `userlist EXPORT --skip-bad-json --rejects R --summary S -f ndjson` exits 0 and prints every
///   good user once (the first occurrence of each id, in input order, with its name) and no user
///   of a broken record; R has one line per reject, in order, each naming the input, the line the
///   broken record starts on, a kind, a reason, and the text (a line-delimited reject's text is its
///   whole line; a pretty one's starts with it); S's counts are the export's and add up;
/// - `userlist EXPORT` stops at the first reject: exit 65 and the one line
///   `INPUT:L:C: MESSAGE` (`(parser stopped at L2:C2)` after it when that place differs), L its line.
struct CorpusCheck {
    /// Where the exports and the runs' files are written.
    let directory: URL

    /// The export's file: its text, compressed as the export says.
    func write(_ export: CorpusExport) throws -> String {
        let base = directory.appendingPathComponent("\(export.variant)-\(export.index)").path
        let plainPath = base + (export.format.layout == .pretty ? ".json" : ".ndjson")
        let text = export.text
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
            try Self.shell("gzip -cn '\(plainPath).1' > '\(plainPath).gz'" + second)
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
    func failure(of export: CorpusExport) -> String? {
        let input: String
        do { input = try write(export) } catch { return "setup: \(error)" }
        let expected = export.expected
        return skippingRun(export, input: input, expected: expected) ?? stoppingRun(input: input, expected: expected)
    }

    private func skippingRun(_ export: CorpusExport, input: String, expected: CorpusExport.Expected) -> String? {
        let output = input + ".out", rejectsPath = input + ".rejects", summaryPath = input + ".summary"
        var run = UserListRun(inputs: [.file(input)], format: .ndjson, threads: 1 + export.index % 2)
        run.skipBadJSON = true
        run.rejectsPath = rejectsPath
        do {
            try run.run(to: .file(output), warnings: CollectedWarnings(), reporting: RunReporting(summary: .file(summaryPath)) { _ in })
        } catch {
            return "exit: --skip-bad-json: exit \(error.exitCode), expected 0: \(error.message)"
        }
        // Users: the first occurrence of each good id, in input order.
        let rows = Self.jsonLines(output)
        let users = rows.map { (id: $0["id"] as? String ?? "\($0["id"] ?? "nil")", title: $0["title"] as? String ?? "nil") }
        for index in 0..<max(users.count, expected.users.count) {
            let got = index < users.count ? "\(users[index].id) \(users[index].title)" : "nothing"
            let want = index < expected.users.count ? "\(expected.users[index].id) \(expected.users[index].title)" : "nothing"
            if got != want {
                return "users: row \(index + 1) of the output is \(got), expected \(want) (\(users.count) rows, expected \(expected.users.count))"
            }
        }
        // Rejects: one line each, at the line the broken record starts on.
        let rejects = Self.jsonLines(rejectsPath)
        for index in 0..<max(rejects.count, expected.rejects.count) {
            guard index < rejects.count else {
                return "rejects: \(rejects.count) rejects, expected \(expected.rejects.count): none for line \(expected.rejects[index].line) (\(expected.rejects[index].kind))"
            }
            let reject = rejects[index]
            let shown = String(decoding: try! JSONSerialization.data(withJSONObject: reject, options: [.sortedKeys]), as: UTF8.self)
            guard index < expected.rejects.count else { return "rejects: \(rejects.count) rejects, expected \(expected.rejects.count): reject \(index + 1) is \(shown)" }
            let want = expected.rejects[index]
            guard reject["input"] as? String == input else { return "rejects: reject \(index + 1) names input \(reject["input"] ?? "nil"): \(shown)" }
            guard let line = reject["line"] as? Int, line == want.line else {
                return "rejects: reject \(index + 1) (\(want.kind)) says line \(reject["line"] ?? "nil"), the broken record starts on line \(want.line): \(shown)"
            }
            guard reject["kind"] is String, let reason = reject["reason"] as? String, !reason.isEmpty else { return "rejects: reject \(index + 1) has no kind or reason: \(shown)" }
            if let text = reject["text"] as? String {
                // Valid UTF-8 lines only: invalid bytes may be written as U+FFFD.
                var line = want.firstLine
                if line.last == 0x0D { line.removeLast() }
                var got = Array(text.utf8)
                if got.last == 0x0A { got.removeLast() }
                if got.last == 0x0D { got.removeLast() }
                if String(validating: line, as: UTF8.self) != nil {
                    let whole = export.format.layout == .lines ? got == line : got.starts(with: line)
                    if !whole { return "rejects: reject \(index + 1)'s text is not \(export.format.layout == .lines ? "" : "led by ")its line \(want.line) \(CorpusExport.escaped(line)): \(shown)" }
                }
            } else if want.kind != .noUsers || reject["record"] == nil {
                return "rejects: reject \(index + 1) has no text: \(shown)"
            }
        }
        // The summary: the export's counts, adding up.
        guard let summary = Self.jsonLines(summaryPath).first else { return "summary: no summary" }
        func count(_ key: String) -> Int { summary[key] as? Int ?? -1 }
        let shownSummary = String(decoding: try! JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]), as: UTF8.self)
        let counts = [("records", expected.records), ("users", expected.users.count), ("rejected", expected.rejects.count),
                      ("duplicates", expected.duplicates), ("excluded", 0)]
        for (key, value) in counts where count(key) != value {
            return "summary: \(key) is \(count(key)), expected \(value): \(shownSummary)"
        }
        guard summary["status"] as? String == "ok", count("records") == count("users") + count("rejected") + count("duplicates") + count("excluded") else {
            return "summary: does not add up: \(shownSummary)"
        }
        return nil
    }

    private func stoppingRun(input: String, expected: CorpusExport.Expected) -> String? {
        let run = UserListRun(inputs: [.file(input)], format: .json, threads: 1)
        let output = OutputWriter()
        do {
            try run.run(output: output, warnings: CollectedWarnings())
            if let line = expected.fatalLine { return "stop: without --skip-bad-json: exit 0, expected 65 at line \(line)" }
            return nil
        } catch {
            guard let line = expected.fatalLine else { return "stop: without --skip-bad-json: exit \(error.exitCode) on an export with no broken record: \(error.message)" }
            let message = error.message
            guard error.exitCode == 65, output.bytes.isEmpty else { return "stop: exit \(error.exitCode), expected 65 (\(output.bytes.count) bytes written): \(message)" }
            guard let place = Self.place(in: message, input: input) else {
                return "stop: not one line `INPUT:L:C: MESSAGE ( (parser stopped at L2:C2))`: \(message)"
            }
            guard place.line == line else { return "stop: names line \(place.line), the first broken record starts on line \(line): \(message)" }
            if let stopped = place.stopped, stopped == (place.line, place.column) || stopped < (place.line, place.column) {
                return "stop: the parser's place \(stopped) is not after the record's start \(place.line):\(place.column): \(message)"
            }
            return nil
        }
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
