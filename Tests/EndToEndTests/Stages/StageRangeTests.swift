import Foundation
import Testing
@testable import UserListKit
@testable import UserListStages
import UserListTestSupport

/// `stage map --range PATH:START:END` (issue 24): the map stage reads its split's lines from the
/// file itself, so the Spark driver cuts files by their size and no line passes through it.
/// Whatever the cuts, every line is read by exactly one range, whole and in order; a compressed
/// file is read whole. The whole job over ranges is held to one run's bytes by ``StagedRun``
/// (a quarter of its drivers cut every input at random byte offsets).
@Suite("Stages: map reads byte ranges of a file")
struct StageRangeTests {
    let folder = TemporaryDirectory()

    /// The lines `range` reads, as strings.
    static func lines(_ range: StageRange) throws(UserlistError) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        try StageInput(range: range, name: "x.ndjson").forEachLine { line, number throws(UserlistError) in
            #expect(number == lines.count + 1)
            lines.append(Array(line))
        }
        return lines
    }

    /// The lines `range` reads a block at a time (``StageInput/forEachBlock(_:)``), and whether
    /// input follows its last. Every block's lines end in `\n`, are counted and numbered right,
    /// and every block but the last is followed by input.
    static func blocks(_ range: StageRange) throws(UserlistError) -> (lines: [[UInt8]], followed: Bool) {
        var lines: [[UInt8]] = []
        var followed: [Bool] = []
        try StageInput(range: range, name: "x.ndjson").forEachBlock { block, first, count, isFollowed throws(UserlistError) in
            #expect(first == lines.count + 1)
            #expect(block.last == 0x0A)
            let split = Array(block.dropLast()).split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            #expect(split.count == count)
            lines += split
            followed.append(isFollowed)
        }
        #expect(!followed.dropLast().contains(false))
        return (lines, followed.last ?? false)
    }

    /// Lines of every kind a range's edges can meet: empty ones, CRLF, a lone `\r`, a line
    /// longer than the 1 MiB read buffer, and no line break at the end (or one).
    static func text(endsWithNewline: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for n in 0..<40 { bytes += Array("{\"id\":\(n),\"name\":\"N\(String(repeating: "é", count: n % 7))\"}".utf8) + [0x0A] }
        bytes += [0x0A, 0x0A]
        bytes += Array("{\"id\":\"crlf\"}\r\n{\"id\":\"lone\r\"}\n".utf8)
        bytes += Array("{\"id\":\"long\",\"name\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1_500_000) + Array("\"}\n".utf8)
        bytes += Array("{\"id\":\"last\"}".utf8)
        if endsWithNewline { bytes.append(0x0A) }
        return bytes
    }

    static func expected(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Any cut into ranges reads each line once, in order: cuts at every kind of place (a line's
    /// first byte, its `\n`, the byte after, inside the long line, the file's ends, twice at
    /// one place: an empty range), and random ones.
    @Test(arguments: [false, true])
    func everyCutReadsEachLineOnce(endsWithNewline: Bool) throws {
        let bytes = Self.text(endsWithNewline: endsWithNewline)
        let path = folder.write("lines.ndjson", bytes: bytes)
        let expected = Self.expected(bytes)
        let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
        var generator = SeededGenerator(state: endsWithNewline ? 7 : 11)
        var cutSets: [[Int]] = [[], [0], [bytes.count], [newlines[3]], [newlines[3] + 1], [newlines[3] - 1], [newlines[40], newlines[40]]]
        cutSets.append(newlines)
        cutSets.append(newlines.map { $0 + 1 })
        cutSets.append([newlines[43] + 1 + 700_000, newlines[43] + 1 + 1_400_000])
        for _ in 0..<40 {
            cutSets.append((0..<Int.random(in: 1...12, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) })
        }
        for cuts in cutSets {
            var read: [[UInt8]] = []
            var start = 0
            for end in cuts.sorted() + [bytes.count] {
                let range = StageRange(path: path, start: start, end: end)
                let lines = try Self.lines(range)
                read += lines
                let (blocks, followed) = try Self.blocks(range)
                #expect(blocks == lines, "cuts \(cuts.sorted()), range \(start)..<\(end)")
                // Input follows the last block as it follows the last line read alone.
                let goesOn = try StageInput(range: range, name: "x.ndjson").forEachLine { _, _ in }
                #expect(lines.isEmpty || followed == goesOn, "range \(start)..<\(end)")
                start = end
            }
            #expect(read == expected, "cuts \(cuts.sorted())")
        }
        // No END: to the end; an END past the end is the end too.
        #expect(try Self.lines(StageRange(path: path, start: 0, end: nil)) == expected)
        #expect(try Self.lines(StageRange(path: path, start: newlines[5], end: bytes.count + 1000)) == Array(expected[6...]))
    }

    /// A range's map output is the output of its lines given on standard input (`--split`).
    @Test func rangeIsItsLinesOnStandardInput() throws {
        let text = (1...30).map { "{\"id\":\($0),\"name\":\"U\($0)\"}" }.joined(separator: "\n") + "\nnot json\n"
        let path = folder.write("users.ndjson", text)
        let bytes = Array(text.utf8)
        let start = bytes.firstIndex(of: UInt8(ascii: "5"))!  // inside line 5: it belongs to the range before
        let lines = Self.expected(bytes)
        let split = StageSplit(input: 0, line: StageLineMark.base + 3 * StageLineMark.perSplit + 1, position: 3 << 20, limit: 1000)
        let run = try StagedRun.stageRun(["--skip-bad-json", "--sort", "name"], inputs: [])
        let fromFile = OutputWriter(), fromLines = OutputWriter()
        try MapStage(run: run, names: ["users.ndjson"], split: split, buckets: 3).run(StageInput(range: StageRange(path: path, start: start, end: nil), name: "users.ndjson"), to: fromFile)
        let rest = lines[5...].map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
        try MapStage(run: run, names: ["users.ndjson"], split: split, buckets: 3).run(StageInput(bytes: Array(rest.utf8)), to: fromLines)
        #expect(fromFile.bytes == fromLines.bytes)
        #expect(fromFile.text.contains("\"6\"\t"), "\(fromFile.text)")
        #expect(!fromFile.text.contains("\"5\"\t"))
    }

    /// A line cut short in the middle of a file is "record cut off at the end of its line" and
    /// the file's cut last line "unexpected end of input", as one run words them, whichever range
    /// holds them: a range's last line is followed by input when the file goes on after it.
    @Test(arguments: [false, true])
    func cutLinesAreWordedAsOneRunWordsThem(skipBadJSON: Bool) throws {
        let text = #"{"id":1,"name":"Ann"}"# + "\n" + #"{"id":2,"name":"Bo"# + "\n" + #"{"id":3,"name":"Cy"}"# + "\n\n" + #"{"id":4,"na"# + "\n"
        let path = folder.write("cut.ndjson", text)
        let bytes = Array(text.utf8)
        let options = skipBadJSON ? ["--skip-bad-json"] : []
        let (single, _) = try StagedRun.singleRun([path] + options)
        let one = StagedRun.single(single)
        // What is wrong, without the place (a later range's line numbers are marks for the merge).
        func reasons(_ messages: [String]) -> [String] {
            messages.compactMap { message in
                guard let start = message.range(of: "invalid JSON: ") ?? message.range(of: ":1: ") else { return nil }
                return String(message[start.upperBound...].prefix { $0 != "(" })
            }
        }
        let expected = reasons(one.warnings + [one.error].compactMap { $0 })
        #expect(expected.first?.hasPrefix("record cut off at the end of its line") == true, "\(expected)")
        #expect(skipBadJSON ? expected.last?.hasPrefix("unexpected end of input") == true : expected.count == 1, "\(expected)")
        let run = try StagedRun.stageRun(options, inputs: [])
        let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
        for cuts in [[], newlines, newlines.map { $0 + 1 }, [newlines[0] + 5], [newlines[1]], [newlines[1] + 1, newlines[3] + 1]] {
            var said: [String] = []
            var start = 0
            for end in cuts + [bytes.count] where start < bytes.count {
                let output = OutputWriter()
                let split = StageSplit(input: 0, line: 1, position: start << 20, limit: 1000)
                try MapStage(run: run, names: [path], split: split).run(StageInput(range: StageRange(path: path, start: start, end: end), name: path), to: output)
                for match in output.text.matches(of: /"(text|message)":"((?:[^"\\]|\\.)*)"/) { said.append(String(match.output.2)) }
                start = end
            }
            // Without --skip-bad-json a range past the error still reads its own lines.
            #expect(skipBadJSON ? reasons(said) == expected : reasons(said).first == expected.first, "cuts \(cuts): \(said)")
        }
    }

    /// A compressed file is read whole, decompressed (by its first bytes, as one run reads it);
    /// a part of one is refused (exit 64): its lines can't be found without what comes before.
    @Test func compressedFileIsReadWhole() throws {
        let bytes = Self.text(endsWithNewline: true)
        let plain = folder.write("plain.ndjson", bytes: bytes)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -c \"$1\" > \"$1.gz\"", "sh", plain]
        try gzip.run()
        gzip.waitUntilExit()
        #expect(gzip.terminationStatus == 0)
        #expect(try Self.lines(StageRange(path: plain + ".gz", start: 0, end: nil)) == Self.expected(bytes))
        let size = FileManager.default.contents(atPath: plain + ".gz")!.count
        #expect(try Self.lines(StageRange(path: plain + ".gz", start: 0, end: size)) == Self.expected(bytes))
        do {
            _ = try Self.lines(StageRange(path: plain + ".gz", start: 0, end: size / 2))
            Issue.record("half a gzip file was read")
        } catch {
            #expect(error.exitCode == 64)
            #expect(error.message.hasPrefix("stage map: x.ndjson: --range \(plain).gz:0:\(size / 2): a compressed file (gzip) can't be read in parts"), "\(error.message)")
        }
        // Cut short: one run's error for a truncated gzip file, exit 65.
        let cut = folder.write("cut.ndjson.gz", bytes: Array(FileManager.default.contents(atPath: plain + ".gz")!.prefix(size / 2)))
        do {
            _ = try Self.lines(StageRange(path: cut, start: 0, end: nil))
            Issue.record("a truncated gzip file was read")
        } catch {
            #expect(error.exitCode == 65)
            #expect(error.message == "x.ndjson: gzip: the compressed data ends early (truncated file?)", "\(error.message)")
        }
    }

    /// A file the stage can't open where it runs (an executor that does not see the driver's
    /// path) is exit 66, naming the input and the path it tried.
    @Test func missingFile() throws {
        do {
            _ = try Self.lines(StageRange(path: folder.path("nowhere.ndjson"), start: 0, end: 10))
            Issue.record("a missing file was read")
        } catch {
            #expect(error.exitCode == 66)
            #expect(error.message.hasPrefix("stage map: x.ndjson: No such file or directory (opening \(folder.path("nowhere.ndjson")) where this stage runs)"), "\(error.message)")
        }
    }

    @Test(arguments: [
        ("a.ndjson:0:10", StageRange(path: "a.ndjson", start: 0, end: 10)),
        ("a.ndjson:5:", StageRange(path: "a.ndjson", start: 5, end: nil)),
        ("/x/b:c.ndjson:7:7", StageRange(path: "/x/b:c.ndjson", start: 7, end: 7)),
        ("::1:2", StageRange(path: ":", start: 1, end: 2)),
    ])
    func rangeArgument(_ argument: String, _ range: StageRange) {
        #expect(StageRange(argument: argument) == range)
    }

    @Test(arguments: ["", "a.ndjson", "a.ndjson:1", ":0:1", "a:-1:5", "a:5:4", "a:x:5", "a:0:y"])
    func badRangeArgument(_ argument: String) {
        #expect(StageRange(argument: argument) == nil)
    }
}
