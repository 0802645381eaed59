import Foundation
import Testing
import UserListTestSupport

/// One case of a jq test file (jq 1.6's `tests/jq.test` format).
struct JQTestCase: Sendable {
    enum Expectation: Sendable {
        /// Run `program` on `input`; it must produce exactly `outputs` (JSON texts, one value each).
        case outputs(input: String, outputs: [String])
        /// `%%FAIL`: `program` must not compile; with `checkMessage`, libjq's message must be `message`.
        case compileError(message: String, checkMessage: Bool)
    }

    /// The test file's name, for messages.
    var file: String
    /// 1-based line of the program.
    var line: Int
    var program: String
    var expectation: Expectation

    var location: String { "\(file):\(line)" }
}

/// Reads jq 1.6's test format the way `jq --run-tests` (src/jq_test.c, `run_jq_tests`) does:
///
/// - Lines that are empty, blank or start with `#` (after spaces or tabs) are skipped before a
///   program, and end the list of expected outputs.
/// - `%%FAIL` or `%%FAIL IGNORE MSG` on a line of its own: the next program must not compile; the
///   line after the program is libjq's expected message (only compared for plain `%%FAIL`).
/// - Otherwise: the program, then the next line is the input (taken as it is, never skipped), then
///   expected outputs up to the next skipped line.
enum JQTestFile {
    static func parse(_ text: String, file: String) -> [JQTestCase] {
        // Split on bytes: a line may start with U+FEFF, and "\r\n" would be one Character.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var cases: [JQTestCase] = []
        var index = 0
        var mustFail = false
        var checkMessage = false

        func next() -> (line: Int, text: String)? {
            guard index < lines.count else { return nil }
            defer { index += 1 }
            return (index + 1, lines[index])
        }

        while let (line, program) = next() {
            if isSkipped(program) { continue }
            if program == "%%FAIL" || program == "%%FAIL IGNORE MSG" {
                mustFail = true
                checkMessage = program == "%%FAIL"
                continue
            }
            if mustFail {
                let message = next()?.text ?? ""
                cases.append(JQTestCase(
                    file: file, line: line, program: program,
                    expectation: .compileError(message: message, checkMessage: checkMessage)))
                mustFail = false
                checkMessage = false
                continue
            }
            guard let (_, input) = next() else { break }
            var outputs: [String] = []
            while let (_, output) = next() {
                if isSkipped(output) { break }
                outputs.append(output)
            }
            cases.append(JQTestCase(
                file: file, line: line, program: program,
                expectation: .outputs(input: input, outputs: outputs)))
        }
        return cases
    }

    /// jq_test.c's `skipline`: blank, or a comment.
    static func isSkipped(_ line: String) -> Bool {
        let rest = line.drop { $0 == " " || $0 == "\t" }
        return rest.isEmpty || rest.first == "#"
    }
}

/// The jq 1.6 test files beside the clone: `<package root>/../shared/peer-tests/jq-1.6/`.
enum PeerTestFiles {
    /// The package root → `../shared/peer-tests/jq-1.6`.
    static let directory: String = PackageRoot.url.path + "/../shared/peer-tests/jq-1.6"

    static let knownFailuresPath: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast()
        return components.joined(separator: "/") + "/jq-1.6-known-failures.txt"
    }()

    static func path(_ name: String) -> String { directory + "/" + name }

    /// Whether jq.test and onig.test are there (a clone without `shared/` beside it skips them).
    static var available: Bool {
        FileManager.default.isReadableFile(atPath: path("jq.test")) && FileManager.default.isReadableFile(atPath: path("onig.test"))
    }

    static let skipReason: Comment =
        "jq 1.6's test files are not at <package root>/../shared/peer-tests/jq-1.6/ (CI puts shared/ beside the clone)"

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Cases that fail with jq 1.6 itself on this machine, or only for something the wrapper leaves out on
/// purpose (jq's CLI options). One program per line, exactly as in the test file; `#` lines are
/// comments, and the last comment before a program is its reason.
struct JQKnownFailures {
    struct Entry {
        var program: String
        var reason: String
        var line: Int
    }

    var entries: [Entry] = []

    init(parsing text: String) {
        var reason = ""
        for (offset, line) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = String(decoding: line, as: UTF8.self)
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if line.hasPrefix("#") {
                reason = String(line.dropFirst().drop { $0 == " " })
                continue
            }
            entries.append(Entry(program: line, reason: reason, line: offset + 1))
        }
    }

    func reason(for program: String) -> String? {
        entries.first { $0.program == program }?.reason
    }
}
