import Foundation
import Testing

@Suite("Golden end-to-end cases")
struct GoldenTests {
    @Test(arguments: GoldenCase.all)
    func golden(_ testCase: GoldenCase) throws {
        let command = try testCase.command
        let actual = try CommandRunner.run(command)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try testCase.record(actual)
            return
        }
        let expected = try testCase.expected
        #expect(actual.status == expected.status, "exit code of: \(command)")
        #expect(String(decoding: actual.stderr, as: UTF8.self) == String(decoding: expected.stderr, as: UTF8.self), "stderr of: \(command)")
        #expect(String(decoding: actual.stdout, as: UTF8.self) == String(decoding: expected.stdout, as: UTF8.self), "stdout of: \(command)")
    }

    @Test func thereAreCases() {
        // Unless `GOLDEN_ONLY` chose a few.
        #expect(GoldenCase.all.count >= 10 || ProcessInfo.processInfo.environment["GOLDEN_ONLY"] != nil)
    }
}
