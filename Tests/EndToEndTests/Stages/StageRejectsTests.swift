import Foundation
import Testing
import UserListTestSupport
@testable import UserListKit

/// `--rejects FILE` through the stages: the map stage writes each rejected record's line behind
/// its position, the driver sets those lines apart in order, and the merge writes them — one
/// run's rejects file, byte for byte, with the line numbers of marked splits resolved (the
/// harness cuts inputs into splits as `userlist_spark.py` does, or numbers them first), for pages,
/// counts, full exports written whole or as part files, and runs that fail on bad JSON or on a
/// `--where` error.
@Suite("Stages write one run's rejects file")
struct StageRejectsTests {
    static let queries: [StageQuery] = {
        let clean = GeneratedExport.files.clean
        let dirty = GeneratedExport.files.dirty
        let broken = GeneratedExport.brokenAfterRejects
        return StageQuery.numbered([
            // Records with no id (more than the 20 a run lists), arrays and envelopes on a line.
            clean + ["--sort", "name"],
            clean + ["--search", "an", "--sort", "email", "--page", "2", "--page-size", "9"],
            clean + ["--count"],
            // Lines that are not JSON, skipped, between the rest; and the same input failing on
            // the first (exit 65): the rejects before it, its own input's included.
            clean + [dirty, "--skip-bad-json", "--sort", "city:desc"],
            [dirty] + clean + ["--skip-bad-json", "--page", "3", "--page-size", "11"],
            clean + [dirty, "--sort", "name"],
            clean + [dirty, "--skip-bad-json", "--where", ".address.city == \"Berlin\""],
            // A `--where` error (exit 65): the rejects up to the end of its input, then its user,
            // the canonical user of the fields the run decoded, as the file's last line.
            clean + ["--skip-bad-json", "--sort", "name", "--where", ".id | tonumber > 0"],
            // Rejects before a bad line in its input, on the line itself too; and errors before
            // it: a `--where` error (the rejects up to the bad line), a `--strict` reject (none)
            // — one run meets them first.
            clean + [broken, "--sort", "name"],
            [broken, "-f", "ndjson"],
            [broken, "--where", ".id | tonumber > 0"],
            [broken, "--strict"],
        ], from: 7000)
    }()

    @Test(arguments: queries)
    func rejectsFile(_ query: StageQuery) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stage-rejects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var (singleRun, inputs) = try StagedRun.singleRun(query.words)
        var stageRun = try StagedRun.stageRun(query.words, inputs: inputs)
        for (index, format) in ["json", "csv"].enumerated() {
            singleRun.format = OutputFormat(rawValue: format)!
            stageRun.format = singleRun.format
            let one = folder.appendingPathComponent("one-\(format).ndjson").path
            singleRun.rejectsPath = one
            let single = StagedRun.single(singleRun)
            // `run(output:)` writes no rejects file: the whole run, as the command runs it.
            var written = singleRun
            written.rejectsPath = one
            _ = try? written.run(to: .file(folder.appendingPathComponent("one-\(format).out").path), warnings: CollectedWarnings())
            let expected = try Data(contentsOf: URL(fileURLWithPath: one))
            #expect(!expected.isEmpty || single.code != 0, "\(query.testDescription): one run rejected nothing")
            var generator = SeededGenerator(state: query.seed << 8 | UInt64(index))
            for attempt in 0..<3 {
                let staged = folder.appendingPathComponent("staged-\(format)-\(attempt).ndjson").path
                stageRun.rejectsPath = staged
                let answer = try StagedRun.staged(stageRun, inputs: inputs, using: &generator)
                #expect(answer == single, "\(query.testDescription) -f \(format)\n--- one run:\n\(single)\n--- stages:\n\(answer)")
                let got = (try? Data(contentsOf: URL(fileURLWithPath: staged))) ?? Data("(no file)".utf8)
                #expect(got == expected, "\(query.testDescription) -f \(format): rejects differ\n--- one run:\n\(String(decoding: expected.prefix(600), as: UTF8.self))\n--- stages:\n\(String(decoding: got.prefix(600), as: UTF8.self))")
            }
        }
    }
}
