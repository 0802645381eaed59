import Foundation
import Testing
@testable import UserListKit
@testable import UserListStages
import UserListTestSupport

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

    /// The third field of each user line (the counts line left out).
    static func userFields(_ options: [String]) throws -> [String] {
        let run = try StagedRun.stageRun(options, inputs: [])
        let output = OutputWriter()
        try MapStage(run: run, names: names, split: StageSplit(input: 0, line: 1, position: 0, limit: 100)).run(StageInput(bytes: Array(text.utf8)), to: output)
        return String(decoding: output.bytes, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("!") }
            .map { String($0.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)[2]) }
    }

    @Test func fullExportTravelsAsRows() throws {
        let fields = try Self.userFields(["--sort", "name", "-f", "csv"])
        #expect(fields.count == 5)
        // Native records: their sort key and row, made in the map; GitHub's: its user.
        #expect(fields.filter { $0.hasPrefix(">") }.count == 4, "\(fields)")
        #expect(fields[2].hasPrefix("{"), "\(fields)")
        // The row one run writes, its CRLF escaped, behind the key.
        #expect(fields[0].hasSuffix("\t1,Ann Lee,ann@example.com,,,AL\\r\\n"), "\(fields[0])")
    }

    @Test func countTravelsAsMarks() throws {
        let fields = try Self.userFields(["--count", "--search", "ann"])
        #expect(fields == ["+", "-", fields[2], "-", "+"], "\(fields)")
        #expect(fields[2].hasPrefix("{"))
    }

    /// A page builds only the matches; without --search every user is a candidate, built once.
    @Test func pageBuildsOnlyMatches() throws {
        let searched = try Self.userFields(["--search", "ann", "--sort", "name", "--page", "1"])
        #expect(searched.map { $0.prefix(1) } == ["{", "-", "{", "-", "{"], "\(searched)")
        let all = try Self.userFields(["--sort", "name", "--page", "1"])
        #expect(all.allSatisfy { $0.hasPrefix("{") }, "\(all)")
    }

    /// `--where` reads the whole user: every user is built and travels whole.
    @Test func whereBuildsEveryUser() throws {
        let fields = try Self.userFields(["--where", ".id != \"4\"", "--sort", "name", "-f", "csv"])
        #expect(fields.map { $0.prefix(1) } == ["{", "{", "{", "-", "{"], "\(fields)")
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
