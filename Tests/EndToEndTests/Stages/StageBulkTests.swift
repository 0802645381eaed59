import Foundation
import Testing
@testable import UserListKit
@testable import UserListStages
import UserListTestSupport

/// The bulk protocol `userlist_spark.py` drives (issue 24): `stage map --split` reads a split's
/// raw lines, `--buckets N` frames its output by the shuffle partition an id goes to, and
/// `stage partial --dedupe` keeps each id's smallest position from lines in any order. The
/// whole wiring is held to one run's bytes by ``StagedRun`` (a third of its drivers); these are
/// the pieces on their own.
@Suite("Stages in bulk: raw splits, buckets, dedupe")
struct StageBulkTests {
    static let names = ["a.ndjson"]

    static func map(_ text: String, split: StageSplit, buckets: Int? = nil, compressed: Bool = false, options: [String] = []) throws -> [UInt8] {
        let run = try StagedRun.stageRun(options, inputs: [])
        let output = OutputWriter()
        try MapStage(run: run, names: names, split: split, buckets: buckets, compressFrames: compressed).run(StageInput(bytes: Array(text.utf8)), to: output)
        return output.bytes
    }

    /// A raw split's lines are the numbered lines the older drivers write: the same output.
    @Test func splitIsNumberedLines() throws {
        let lines = [#"{"id":1,"name":"Ann"}"#, #"{"id":"x","name":"Bo"}"#, "not json", #"[{"id":2},{"id":3,"name":"Cy"}]"#]
        let split = StageSplit(input: 0, line: 5, position: 40, limit: 100)
        let raw = try Self.map(lines.joined(separator: "\n") + "\n", split: split, options: ["--skip-bad-json"])
        let numbered = lines.enumerated().map { "0\t\(5 + $0.offset)\t\(40 + $0.offset)\t\($0.element)" }.joined(separator: "\n") + "\n"
        let run = try StagedRun.stageRun(["--skip-bad-json"], inputs: [])
        let output = OutputWriter()
        try MapStage(run: run, names: Self.names).run(StageInput(bytes: Array(numbered.utf8)), to: output)
        #expect(raw == output.bytes, "\(String(decoding: raw, as: UTF8.self))")
        #expect(String(decoding: raw, as: UTF8.self).contains("\"3\"\t\((40 + 3) << StagePosition.itemBits | 1)\t"))
    }

    /// More lines than the split may hold would run into the next split's positions: exit 65.
    @Test func splitPastItsLimit() throws {
        do {
            _ = try Self.map("{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n", split: StageSplit(input: 0, line: 1, position: 8, limit: 2))
            Issue.record("a third line was read")
        } catch let error as UserlistError {
            #expect(error.exitCode == 65)
            #expect(error.message == "stage map: <stdin>:3: the split from position 8 holds more than 2 lines: split the input finer (spark.sql.files.maxPartitionBytes)", "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(arguments: ["", "1:1:0", "1:0:0:5", "a:1:0:5", "0:1:0:0", "0:1:-1:5"])
    func badSplitArgument(_ argument: String) {
        #expect(StageSplit(argument: argument) == nil)
    }

    /// Every user line goes to its id's bucket, the same in every map process; the counts to
    /// bucket 0; reject lines to bucket N; frames hold whole lines.
    @Test func bucketsByID() throws {
        let text = (1...200).map { "{\"id\":\($0 % 150),\"name\":\"U\($0)\"}" }.joined(separator: "\n") + "\n{\"name\":\"no id\"}\n"
        let one = try StagedRun.frames(try Self.map(text, split: StageSplit(input: 0, line: 1, position: 0, limit: 1000), buckets: 7, options: ["--rejects", "/dev/null"]))
        let other = try StagedRun.frames(try Self.map(text, split: StageSplit(input: 0, line: 1, position: 1000, limit: 1000), buckets: 7, options: ["--rejects", "/dev/null"]))
        var bucketOf: [String: Int] = [:]
        var counts = 0, rejects = 0, users = 0
        for (bucket, blob) in one + other {
            #expect(blob.last == UInt8(ascii: "\n"))
            for line in StagedRun.lines(blob) {
                let key = String(decoding: line.prefix { $0 != UInt8(ascii: "\t") }, as: UTF8.self)
                if key.hasPrefix("!") {
                    #expect(bucket == 0)
                    counts += 1
                } else if key.hasPrefix("#") {
                    #expect(bucket == 7)
                    rejects += 1
                } else {
                    #expect(bucket < 7)
                    if let known = bucketOf[key] { #expect(known == bucket, "\(key)") }
                    bucketOf[key] = bucket
                    users += 1
                }
            }
        }
        #expect(counts == 2)
        #expect(rejects == 2)
        #expect(users == 400)
        #expect(Set(bucketOf.values).count > 1)
    }

    /// `--compress-frames`: each users' frame is one zstd frame of the lines it held, the reject
    /// lines' stay plain, and partial reads a partition's compressed frames (one after another,
    /// on its standard input) as it reads the lines themselves.
    @Test func compressedFramesAreTheLines() throws {
        let text = (1...3000).map { "{\"id\":\($0 % 2500),\"name\":\"U\($0)\"}" }.joined(separator: "\n") + "\n{\"name\":\"no id\"}\n"
        let options = ["--rejects", "/dev/null", "--sort", "name", "-f", "ndjson"]
        var plain: [Int: [UInt8]] = [:], packed: [Int: [UInt8]] = [:]
        for position in [0, 4000] {
            let split = StageSplit(input: 0, line: 1 + position, position: position, limit: 4000)
            for (bucket, blob) in try StagedRun.frames(try Self.map(text, split: split, buckets: 3, options: options)) { plain[bucket, default: []] += blob }
            let frames = try StagedRun.frames(try Self.map(text, split: split, buckets: 3, compressed: true, options: options), compressed: { $0 < 3 })
            for (bucket, blob) in frames {
                #expect(blob.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) == (bucket < 3), "bucket \(bucket)")
                packed[bucket, default: []] += blob
            }
        }
        #expect(plain[3] == packed[3])
        let run = try StagedRun.stageRun(options, inputs: [])
        for bucket in 0..<3 {
            let fromLines = OutputWriter(), fromFrames = OutputWriter()
            try PartialStage(run: run, names: Self.names, dedupe: true).run(StageInput(bytes: plain[bucket]!), to: fromLines)
            try StagedRun.withFile(packed[bucket]!) { (input) throws(UserlistError) in try PartialStage(run: run, names: Self.names, dedupe: true).run(input, to: fromFrames) }
            #expect(packed[bucket]!.count * 3 < plain[bucket]!.count)
            #expect(fromFrames.bytes == fromLines.bytes)
            #expect(fromLines.text.contains("U"))
        }
    }

    /// `--dedupe` keeps each id's smallest position whatever order the lines come in, and gives
    /// the answer of lines deduplicated before it; without it a repeated id is refused.
    @Test func dedupeKeepsTheFirstOccurrence() throws {
        let run = try StagedRun.stageRun(["--sort", "name", "-f", "ndjson"], inputs: [])
        let lines = [
            "\"1\"\t5\t{\"id\":\"1\",\"name\":\"Late\"}", "\"2\"\t3\t{\"id\":\"2\",\"name\":\"Bea\"}",
            "\"1\"\t1\t{\"id\":\"1\",\"name\":\"Early\"}", "\"1\"\t9\t{\"id\":\"1\",\"name\":\"Later\"}",
        ]
        func partial(_ lines: [String], dedupe: Bool) throws -> String {
            let output = OutputWriter()
            try PartialStage(run: run, names: Self.names, dedupe: dedupe).run(StageInput(bytes: Array((lines.joined(separator: "\n") + "\n").utf8)), to: output)
            return output.text
        }
        let deduplicated = try partial([lines[2], lines[1]], dedupe: false)
        for order in [lines, lines.reversed(), [lines[3], lines[0], lines[2], lines[1]]] {
            #expect(try partial(order, dedupe: true) == deduplicated)
        }
        #expect(throws: UserlistError.self) { try partial(lines, dedupe: false) }
    }

    /// `--where` runs in the map stage on every user: one it leaves out travels as a shadow, one
    /// it fails on whole with the error, and after dedupe only the first occurrence's answer
    /// counts — a later duplicate's error is never the run's, the first's always is.
    @Test func aWhereErrorCountsOnlyOnTheFirstOccurrence() throws {
        let options = ["--where", ".name | test(\"A\")", "-f", "ndjson"]
        let passes = "{\"id\":1,\"name\":\"Ann\"}\n", fails = "{\"id\":1}\n", leftOut = "{\"id\":1,\"name\":\"bo\"}\n"
        func mapped(_ text: String, position: Int) throws -> [String] {
            let bytes = try Self.map(text, split: StageSplit(input: 0, line: 1 + position, position: position, limit: 100), options: options)
            return StagedRun.lines(bytes).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(try mapped(leftOut, position: 0).first == "\"1\"\t0\t-")
        let failing = try mapped(fails, position: 0)
        #expect(failing.first?.hasSuffix(#","@":[0,1,1],"!":"null (null) cannot be matched, as it is not a string"}"#) == true, "\(failing)")
        func partial(first: String, later: String) throws -> String {
            let lines = try mapped(later, position: 5) + mapped(first, position: 0)
            let run = try StagedRun.stageRun(options, inputs: [])
            let output = OutputWriter()
            try PartialStage(run: run, names: Self.names, dedupe: true).run(StageInput(bytes: Array((lines.joined(separator: "\n") + "\n").utf8)), to: output)
            return output.text
        }
        #expect(!(try partial(first: passes, later: fails)).contains("cannot be matched"))
        #expect(!(try partial(first: leftOut, later: fails)).contains("cannot be matched"))
        #expect(try partial(first: fails, later: passes).contains("a.ndjson:1:1"))
        #expect(try partial(first: fails, later: passes).contains("cannot be matched"))
    }

    /// A split Spark's text source reads (its lines on standard input) can't see past its last
    /// line: the driver says whether the input goes on (`--input-goes-on`), and a line cut short
    /// there is worded as one run words it — cut off, or the input's end.
    @Test func aSplitsLastLineIsCutOffWhenTheInputGoesOn() throws {
        let text = "{\"id\":1,\"name\":\"Ann\"}\n{\"id\":2,\"name\":\"Bo\n"
        for goesOn in [false, true] {
            let split = StageSplit(input: 0, line: 1, position: 0, limit: 100, inputGoesOn: goesOn)
            let mapped = String(decoding: try Self.map(text, split: split, options: ["--skip-bad-json"]), as: UTF8.self)
            let wording = goesOn ? "record cut off at the end of its line: unterminated string" : "unexpected end of input: unterminated string"
            #expect(mapped.contains("a.ndjson:2:1: skipped record: invalid JSON: \(wording)"), "\(mapped)")
        }
    }
}
