import Foundation
import Testing

/// Issue 18: `records` = `users` + `rejected` + `duplicates` + `excluded` in every summary — so no
/// record read can leave a run without a trace. Every golden case's command runs again with each
/// `userlist` list run writing a `--summary` of its own (a shell function puts the option first),
/// and every summary written, by a run that succeeded or one that failed with counts, must add up.
@Suite("Counts add up over every golden case")
struct CountsAddUpTests {
    /// Cases whose runs can take `--summary` first: list runs (not `diff`, `stage`, help), and
    /// not the ones that pass `--summary` themselves.
    static let cases: [GoldenCase] = GoldenCase.all.filter { testCase in
        guard let command = try? testCase.command else { return false }
        return command.contains("userlist") && !command.contains("--summary")
    }

    @Test(arguments: cases)
    func countsAddUp(_ testCase: GoldenCase) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-counts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wrapper = """
            userlist() { case "$1" in diff|stage|help|completions|--help|-h|--version|--generate-completion-script) command userlist "$@";; \
            *) command userlist --summary "\(directory.path)/$$.$(date +%s%N).json" "$@";; esac; }
            """
        let command = try testCase.command
        _ = try CommandRunner.run(wrapper + "\n" + command)
        let summaries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        // A plain run over a sample writes its summary, whatever it came to, unless it was a usage
        // error (64, stopped before reading): so the wrapper works.
        let expected = try testCase.expected
        let usage = expected.status == 64 || String(decoding: expected.stdout + expected.stderr, as: UTF8.self).contains(/exit 6[46]|see 'userlist --help'/)
        if command.hasPrefix("userlist Samples/"), !usage {
            #expect(!summaries.isEmpty, "no summary from \(testCase.name)")
        }
        for name in summaries {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let summary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "summary of \(testCase.name)")
            // A failed run leaves what it could not know as null: only whole counts are checked.
            guard let records = summary["records"] as? Int, let users = summary["users"] as? Int,
                  let rejected = summary["rejected"] as? Int, let duplicates = summary["duplicates"] as? Int,
                  let excluded = summary["excluded"] as? Int else { continue }
            #expect(records == users + rejected + duplicates + excluded, "\(testCase.name): \(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test func mostCasesAreChecked() {
        #expect(Self.cases.count >= 150)
    }
}
