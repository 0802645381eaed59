import Foundation
import Testing
@testable import UserListKit
@testable import UserListStages
import UserListTestSupport
@testable import userlist

/// The map stage decides records from their keys as one run does (``MapStageJudging``): what
/// travels for each record. ``StagedRun`` holds the answers to one run's bytes; these hold the
/// lines to their kinds, so that a change that quietly builds every user again shows here.
@Suite("Stages: the map decides records from their keys")
struct StageJudgingTests {
    static let names = ["a.ndjson"]
    /// Two native records, one that keys can't decide (GitHub's `login`: built as a user), one
    /// whose search can't match, a duplicate id.
    static let text = [
        #"{"id":1,"name":"Ann Lee","email":"ann@example.com"}"#,
        #"{"id":2,"name":"Bo Yang","username":"bo"}"#,
        #"{"id":3,"login":"annie","html_url":"https://github.com/annie"}"#,
        #"{"id":4,"name":"Zed"}"#,
        #"{"id":1,"name":"Ann again"}"#,
    ].joined(separator: "\n") + "\n"

    /// The third field of each user line, in the order of their positions (the counts line left out).
    static func userFields(_ options: [String], allCandidates: Bool = false) throws -> [String] {
        let run = try StagedRun.stageRun(options, inputs: [])
        let output = OutputWriter()
        try MapStage(run: run, names: names, split: StageSplit(input: 0, line: 1, position: 0, limit: 100), allCandidates: allCandidates).run(StageInput(bytes: Array(text.utf8)), to: output)
        return String(decoding: output.bytes, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("!") }
            .map { $0.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false) }
            .sorted { Int($0[1])! < Int($1[1])! }
            .map { String($0[2]) }
    }

    @Test func fullExportTravelsAsRows() throws {
        let fields = try Self.userFields(["--sort", "name", "-f", "csv"])
        #expect(fields.count == 5)
        // Every user's sort key and row, made in the map: native records' from their keys, GitHub's
        // from its user (MapStageRows), as partial would make it.
        #expect(fields.filter { $0.hasPrefix(">") }.count == 5, "\(fields)")
        #expect(fields[2].hasSuffix("\t3,annie,,,,A\\r\\n"), "\(fields)")
        // The row one run writes, its CRLF escaped, behind the key.
        #expect(fields[0].hasSuffix("\t1,Ann Lee,ann@example.com,,,AL\\r\\n"), "\(fields[0])")
    }

    @Test func countTravelsAsMarks() throws {
        let fields = try Self.userFields(["--count", "--search", "ann"])
        #expect(fields == ["+", "-", fields[2], "-", "+"], "\(fields)")
        #expect(fields[2].hasPrefix("{"))
    }

    /// A page builds only the map's best (`*`): the other matches are held back (`~`), a repeat
    /// is a shadow. With `--all-candidates` every match is built, and only the matches.
    @Test func pageBuildsOnlyItsBest() throws {
        let searched = try Self.userFields(["--search", "ann", "--sort", "name", "--page", "1"])
        #expect(searched.map { $0.prefix(1) } == ["*", "-", "{", "-", "-"], "\(searched)")
        let all = try Self.userFields(["--sort", "name", "--page", "1"])
        #expect(all.map { $0.prefix(1) } == ["*", "*", "{", "*", "-"], "\(all)")
        let every = try Self.userFields(["--search", "ann", "--sort", "name", "--page", "1"], allCandidates: true)
        #expect(every.map { $0.prefix(1) } == ["{", "-", "{", "-", "{"], "\(every)")
    }

    /// A page: each map sends its best page × page size whole (`*`) and holds its other matches
    /// back (`~`); a repeat within the map can't win, so it is a shadow.
    @Test func pageSendsEachMapsBest() throws {
        let fields = try Self.userFields(["--search", "a", "--sort", "name", "--page", "1", "--page-size", "1"])
        // Ann Lee (best), Bo Yang (no "a"... "Yang" has one: held back), GitHub's (built), Zed (no match), Ann again (a repeat).
        #expect(fields.map { $0.prefix(1) } == ["*", "~", "{", "-", "-"], "\(fields)")
    }

    /// Ids are compared by their bytes, as dedupe compares them: `é` and `e` + U+0301 are two
    /// ids (Swift's String equality takes them for one), so neither is taken for a repeat.
    @Test func pageRepeatsAreByteEqualIDs() throws {
        let run = try StagedRun.stageRun(["--sort", "name", "--page", "1"], inputs: [])
        let output = OutputWriter()
        let text = "{\"id\":\"\u{E9}\",\"name\":\"Ann\"}\n{\"id\":\"e\u{301}\",\"name\":\"Bo\"}\n"
        try MapStage(run: run, names: Self.names, split: StageSplit(input: 0, line: 1, position: 0, limit: 100)).run(StageInput(bytes: Array(text.utf8)), to: output)
        let fields = String(decoding: output.bytes, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("!") }
            .map { $0.split(separator: "\t", maxSplits: 2)[2].prefix(1) }
        // (One may come built, `{`: its keys can't decide it. Neither is a shadow.)
        #expect(fields.count == 2 && !fields.contains("-"), "\(fields)")
    }

    /// One of a map's best repeats an id an earlier map met: a match that map held back belongs
    /// on the page. The merge says so (exit 75, nothing written); every match sent, the page is one run's.
    @Test func pageARepeatedBestCantSettle() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("judging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("users.ndjson").path
        let lines = [#"{"id":1,"name":"Zed"}"#, #"{"id":1,"name":"Aaron"}"#, #"{"id":2,"name":"Bob"}"#, #"{"id":3,"name":"Cat"}"#]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let options = ["--sort", "name", "--page", "1", "--page-size", "1", "-f", "csv"]
        let run = try StagedRun.stageRun(options, inputs: [])
        func staged(allCandidates: Bool) throws -> (stdout: String, code: Int32) {
            var mapped: [UInt8] = []
            // Two maps: the first line, then the other three.
            for (split, text) in [(StageSplit(input: 0, line: 1, position: 0, limit: 100), lines[0]), (StageSplit(input: 0, line: 2, position: 100, limit: 100), lines[1...].joined(separator: "\n"))] {
                let output = OutputWriter()
                try MapStage(run: run, names: [path], split: split, allCandidates: allCandidates).run(StageInput(bytes: Array((text + "\n").utf8)), to: output)
                mapped += output.bytes
            }
            let partial = OutputWriter()
            try PartialStage(run: run, names: [path], dedupe: true).run(StageInput(bytes: mapped), to: partial)
            let output = OutputWriter()
            do {
                _ = try MergeStage(run: run, names: [path]).run(StageInput(bytes: partial.bytes), to: output, warnings: CollectedWarnings())
                return (String(decoding: output.bytes, as: UTF8.self), 0)
            } catch {
                #expect(error.message == "stage merge: 1 of the map stages' best matches were repeated ids, so a match they held back could be on the page: run the job again with stage map --all-candidates")
                return (String(decoding: output.bytes, as: UTF8.self), error.exitCode)
            }
        }
        let first = try staged(allCandidates: false)
        #expect(first.code == 75)
        #expect(first.stdout.isEmpty)
        let again = try staged(allCandidates: true)
        let one = StagedRun.single(try StagedRun.singleRun([path] + options).run)
        #expect(again.code == 0)
        #expect(Array(again.stdout.utf8) == one.stdout, "\(again.stdout)")
        #expect(again.stdout.contains("Bob"))
    }

    /// `partial --compress-run`: the same counts line, then the same sorted rows as one zstd frame.
    @Test func partialCompressesItsRun() throws {
        let run = try StagedRun.stageRun(["--sort", "name", "-f", "csv"], inputs: [])
        let mapped = OutputWriter()
        try MapStage(run: run, names: Self.names, split: StageSplit(input: 0, line: 1, position: 0, limit: 100)).run(StageInput(bytes: Array(Self.text.utf8)), to: mapped)
        func partial(_ compress: Bool) throws -> [UInt8] {
            let output = OutputWriter()
            var stage = PartialStage(run: run, names: Self.names, dedupe: true)
            stage.compressRun = compress
            try stage.run(StageInput(bytes: mapped.bytes), to: output)
            return output.bytes
        }
        let plain = try partial(false), compressed = try partial(true)
        let counts = plain.prefix { $0 != UInt8(ascii: "\n") } + [UInt8(ascii: "\n")]
        #expect(compressed.starts(with: counts))
        #expect(Array(compressed.dropFirst(counts.count).prefix(4)) == [0x28, 0xB5, 0x2F, 0xFD])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("partial-run-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(compressed.dropFirst(counts.count)).write(to: URL(fileURLWithPath: directory + "/run"))
        var rows: [UInt8] = []
        try StageInput(bytes: [], then: StageRuns(directory: directory)).forEachLine { (line, _) throws(UserlistError) in
            rows += Array(line) + [UInt8(ascii: "\n")]
        }
        #expect(rows == Array(plain.dropFirst(counts.count)))
        #expect(rows.count > 100)
    }

    /// `--where` reads the whole user: every user is built; a full export's matches travel as
    /// their rows, a page's as users.
    @Test func whereBuildsEveryUser() throws {
        let rows = try Self.userFields(["--where", ".id != \"4\"", "--sort", "name", "-f", "csv"])
        #expect(rows.map { $0.prefix(1) } == [">", ">", ">", "-", ">"], "\(rows)")
        #expect(rows[0].hasSuffix("\t1,Ann Lee,ann@example.com,,,AL\\r\\n"), "\(rows[0])")
        let page = try Self.userFields(["--where", ".id != \"4\"", "--sort", "name", "--page", "1"])
        #expect(page.map { $0.prefix(1) } == ["{", "{", "{", "-", "{"], "\(page)")
    }

    /// A line the map wrote for another query: named, exit 65.
    @Test(arguments: [("+", "a match only counted"), (">00\trow", "a full export's row")])
    func partialRefusesAnotherQuerysLine(field: String, what: String) throws {
        let run = try StagedRun.stageRun(["--sort", "name", "--page", "1"], inputs: [])
        do {
            try PartialStage(run: run, names: Self.names).run(StageInput(bytes: Array("\"1\"\t0\t\(field)\n".utf8)), to: OutputWriter())
            Issue.record("the line was taken")
        } catch {
            #expect(error.exitCode == 65)
            #expect(error.message == "stage partial: <stdin>:1: \(what) from the map stage, but this query's answer is a page: give every stage the same options", "\(error.message)")
        }
    }
}
