import Foundation
import Testing

/// An end-to-end case stored as data, Miller-style: a folder under `Tests/Golden/` holding `cmd` (a shell
/// command line), `expout` and `experr` (exact expected bytes) and optionally `expcode` (default 0).
///
/// Run `UPDATE_GOLDEN=1 swift test --filter Golden` to rewrite the expectations from the actual
/// output, then review the diff before committing.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let name: String
    let directory: URL

    var testDescription: String { name }

    static let casesDirectory = CommandRunner.packageRoot.appendingPathComponent("Tests/Golden")

    static var all: [GoldenCase] {
        var names = (try? FileManager.default.contentsOfDirectory(atPath: casesDirectory.path)) ?? []
        // `GOLDEN_ONLY=shapes-,stage-` runs (or records) only the cases whose names start so.
        if let only = ProcessInfo.processInfo.environment["GOLDEN_ONLY"], !only.isEmpty {
            let prefixes = only.split(separator: ",").map(String.init)
            names = names.filter { name in prefixes.contains { name.hasPrefix($0) } }
        }
        return names.sorted().map { GoldenCase(name: $0, directory: casesDirectory.appendingPathComponent($0)) }
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    var command: String {
        get throws { try String(contentsOf: file("cmd"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    var expected: CommandRunner.Result {
        get throws {
            let code = (try? String(contentsOf: file("expcode"), encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
            return CommandRunner.Result(
                stdout: (try? Data(contentsOf: file("expout"))) ?? Data(),
                stderr: (try? Data(contentsOf: file("experr"))) ?? Data(),
                status: code)
        }
    }

    func record(_ actual: CommandRunner.Result) throws {
        try actual.stdout.write(to: file("expout"))
        try actual.stderr.write(to: file("experr"))
        let codeFile = file("expcode")
        if actual.status == 0 {
            try? FileManager.default.removeItem(at: codeFile)
        } else {
            try "\(actual.status)\n".write(to: codeFile, atomically: true, encoding: .utf8)
        }
    }
}
