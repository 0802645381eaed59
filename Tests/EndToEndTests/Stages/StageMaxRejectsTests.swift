import Foundation
import Testing
import UserListTestSupport
@testable import UserListKit

/// `--max-rejects N` through the stages: more rejects than N fail the job as they fail one run —
/// exit 65, one run's line naming the reject one too many, the warnings and rows one run writes
/// before it, and the rejects file up to that reject — and N or fewer pass. For each query the
/// number of rejects R a single run keeps (the lines of its rejects file) is found first, and N
/// is taken around it (0, 1, about half, R − 2, R − 1, R), so that every query fails at several
/// places and passes at the boundary; a `--where` error's user is a reject too, the last one
/// (then N = R − 1 names that user, and N = R gives the `--where` error itself).
@Suite("Stages fail past --max-rejects as one run does")
struct StageMaxRejectsTests {
    static let queries: [StageQuery] = {
        let clean = GeneratedExport.files.clean
        let dirty = GeneratedExport.files.dirty
        return StageQuery.numbered([
            // Records with no id, more than the 20 warnings a run prints, in three inputs.
            clean + ["--sort", "name"],
            clean + ["--search", "an", "--page", "2", "--page-size", "9"],
            // Every match in input order: one run streams csv's rows as it goes, so a failure
            // leaves the rows of the inputs before the one too many on standard output.
            clean + ["--search", "a"],
            // Lines that are not JSON, skipped; and failing (exit 65) in the last input: only the
            // rejects before it count.
            clean + [dirty, "--skip-bad-json", "--count"],
            clean + [dirty, "--sort", "email"],
            // A `--where` error in the first input: its user is the last reject.
            clean + ["--skip-bad-json", "--where", ".id | tonumber > 0"],
        ], from: 9100)
    }()

    @Test(arguments: queries)
    func maxRejects(_ query: StageQuery) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stage-max-rejects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var (singleRun, inputs) = try StagedRun.singleRun(query.words)
        // R: the rejects one run keeps without a maximum.
        let all = folder.appendingPathComponent("all.ndjson").path
        var counting = singleRun
        counting.rejectsPath = all
        _ = try? counting.run(to: .file(folder.appendingPathComponent("all.out").path), warnings: CollectedWarnings())
        let rejected = String(decoding: try Data(contentsOf: URL(fileURLWithPath: all)), as: UTF8.self).split(separator: "\n").count
        #expect(rejected > 3, "\(query.testDescription): one run kept \(rejected) rejects")
        var stageRun = try StagedRun.stageRun(query.words, inputs: inputs)
        var failed = 0
        for maximum in Set([0, 1, rejected / 2, rejected - 2, rejected - 1, rejected]).sorted() {
            for (index, format) in ["json", "csv"].enumerated() {
                singleRun.format = OutputFormat(rawValue: format)!
                singleRun.maxRejects = maximum
                stageRun.format = singleRun.format
                stageRun.maxRejects = maximum
                // With a rejects file in json, without one (only counted) in csv.
                let one = folder.appendingPathComponent("one-\(maximum)-\(format).ndjson").path
                singleRun.rejectsPath = index == 0 ? one : nil
                let single = StagedRun.single(singleRun)
                if single.error?.contains("--max-rejects \(maximum)") == true { failed += 1 }
                #expect(single.code == 0 || single.code == 65, "\(query.testDescription) --max-rejects \(maximum): \(single)")
                var expected: Data?
                if index == 0 {
                    _ = try? singleRun.run(to: .file(folder.appendingPathComponent("one.out").path), warnings: CollectedWarnings())
                    expected = try Data(contentsOf: URL(fileURLWithPath: one))
                }
                var generator = SeededGenerator(state: query.seed << 12 | UInt64(maximum) << 1 | UInt64(index))
                for attempt in 0..<2 {
                    let staged = folder.appendingPathComponent("staged-\(maximum)-\(format)-\(attempt).ndjson").path
                    stageRun.rejectsPath = index == 0 ? staged : nil
                    let answer = try StagedRun.staged(stageRun, inputs: inputs, using: &generator)
                    #expect(answer == single, "\(query.testDescription) --max-rejects \(maximum) -f \(format)\n--- one run:\n\(single)\n--- stages:\n\(answer)")
                    if let expected {
                        let got = (try? Data(contentsOf: URL(fileURLWithPath: staged))) ?? Data("(no file)".utf8)
                        #expect(got == expected, "\(query.testDescription) --max-rejects \(maximum): rejects differ\n--- one run:\n\(String(decoding: expected.suffix(600), as: UTF8.self))\n--- stages:\n\(String(decoding: got.suffix(600), as: UTF8.self))")
                    }
                }
            }
        }
        // Every query fails past N somewhere: the test would pass vacuously otherwise.
        #expect(failed >= 4, "\(query.testDescription): --max-rejects failed one run only \(failed) times")
    }
}
