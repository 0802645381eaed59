import Foundation
import Testing
import UserListKit
import UserListTestSupport

/// The distributed answer is one run's answer, byte for byte: for every golden case a stage can
/// take and for generated exports, in every format, map → shuffle → partial → merge over random
/// partitions (1 to 16 each) gives the single run's standard output, warnings and exit code.
@Suite("Stages answer exactly as one run")
struct StageExactnessTests {
    static let golden: [StageQuery] = StageQuery.numbered((try? StageCases.golden()) ?? [], from: 0)
    static let generated: [StageQuery] = StageQuery.numbered(GeneratedExport.queries, from: 1000)

    @Test func manyGoldenCasesApply() {
        // 152 golden cases are `userlist …` command lines; those over standard input, or with an
        // option only a single run has, are left out.
        #expect(Self.golden.count >= 60, "\(Self.golden.count)")
    }

    @Test(arguments: golden)
    func goldenCase(_ query: StageQuery) throws {
        try check(query, partitionings: 1)
    }

    @Test(arguments: generated)
    func generatedExport(_ query: StageQuery) throws {
        try check(query, partitionings: 2)
    }

    private func check(_ query: StageQuery, partitionings: Int) throws {
        // Parsed once: a format is the only difference, and `-f` only sets it.
        let parsed = Result { try StagedRun.singleRun(query.words) }
        guard case .success(let (parsedRun, inputs)) = parsed else {
            // Options a single run refuses (exit 64), the stages refuse with the same words.
            let staged = Result { try StagedRun.stageRun(query.words, inputs: StagedRun.inputs(of: query.words)) }
            #expect(StagedRun.usageMessage(staged.map { _ in () }) == StagedRun.usageMessage(parsed.map { _ in () }))
            return
        }
        var singleRun = parsedRun
        var stageRun = try StagedRun.stageRun(query.words, inputs: inputs)
        for (index, format) in StageCases.formats.enumerated() {
            singleRun.format = OutputFormat(rawValue: format)!
            stageRun.format = singleRun.format
            let single = StagedRun.single(singleRun)
            var generator = SeededGenerator(state: query.seed << 8 | UInt64(index))
            for _ in 0..<partitionings {
                let staged = try StagedRun.staged(stageRun, inputs: inputs, using: &generator)
                #expect(staged == single, "\(query.testDescription) -f \(format)\n--- one run:\n\(single)\n--- stages:\n\(staged)")
            }
        }
    }
}
