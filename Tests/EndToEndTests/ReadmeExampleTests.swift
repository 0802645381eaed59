import Foundation
import Testing

/// The README's examples double as tests: every ```console block is `$ command` lines, each
/// followed by exactly what it prints (standard error, then standard output).
@Suite("README examples")
struct ReadmeExampleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var command: String
        var expected: String
        var testDescription: String { command }
    }

    static var examples: [Example] {
        let readme = (try? String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var examples: [Example] = []
        var inBlock = false
        var current: Example?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let example = current { examples.append(example) }
                current = nil
                inBlock = line == "```console" ? !inBlock : false
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                if let example = current { examples.append(example) }
                current = Example(command: String(line.dropFirst(2)), expected: "")
            } else if current != nil {
                current!.expected += line + "\n"
            }
        }
        return examples
    }

    @Test(arguments: examples)
    func example(_ example: Example) throws {
        let result = try CommandRunner.run(example.command)
        let printed = String(decoding: result.stderr + result.stdout, as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
        #expect(printed == example.expected)
    }

    @Test func readmeHasExamples() {
        #expect(Self.examples.count >= 5)
    }
}
