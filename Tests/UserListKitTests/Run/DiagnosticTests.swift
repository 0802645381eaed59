import Foundation
import Testing
@testable import UserListKit

/// Errors and warnings are values: a library user matches on the problem, the place and the
/// option, and the text is made once (`Diagnostic.text`), always one line.
@Suite("Diagnostics as values")
struct DiagnosticTests {
    func run(_ input: String, whereExpression: String? = nil, strict: Bool = false) throws -> (UserlistError?, [Diagnostic]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("diagnostics-\(UUID().uuidString).json").path
        try input.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var run = UserListRun(inputs: [.file(path)], format: .ndjson, strict: strict, whereExpression: whereExpression)
        run.threads = 1
        let warnings = CollectedWarnings()
        do {
            try run.run(output: OutputWriter(), warnings: warnings)
            return (nil, warnings.warnings)
        } catch {
            return (error, warnings.warnings)
        }
    }

    @Test func aSyntaxErrorCarriesItsPlace() throws {
        let (error, _) = try run("{\"id\":1}\n{\"id\":2,}\n")
        let diagnostic = try #require(error?.diagnostic)
        #expect(diagnostic.problem == .syntax)
        #expect(diagnostic.location?.line == 2)
        // Where the bad record starts; where the parser stopped is in the words.
        #expect(diagnostic.location?.column == 1)
        #expect(diagnostic.detail == "expected a string key (parser stopped at 2:9)")
        #expect(error?.kind == .data)
    }

    @Test func skippedRecordsAndDuplicatesAreWarnings() throws {
        let (error, warnings) = try run(#"[{"id":1},{"name":"no id"},{"id":1}]"#)
        #expect(error == nil)
        let problems = warnings.map(\.problem)
        #expect(problems == [.unusableRecord, .duplicateIDs(count: 1)])
        #expect(warnings.allSatisfy { $0.severity == .warning })
        #expect(warnings.first?.location?.path == ".[1]")
        #expect(warnings.first?.text.hasPrefix(warnings.first!.location!.description + ": skipped record .[1]: ") == true)
    }

    @Test func aStrictRunFailsWithTheSameProblem() throws {
        let (error, _) = try run(#"[{"id":1},{"name":"no id"}]"#, strict: true)
        #expect(error?.diagnostic.problem == .unusableRecord)
        #expect(error?.diagnostic.severity == .error)
        #expect(error?.message.contains("record .[1] is not a usable user") == true)
    }

    @Test func aWhereErrorNamesItsOptionAndUser() throws {
        let (error, _) = try run(#"[{"id":7,"name":"x"}]"#, whereExpression: #"error("two\nlines")"#)
        let diagnostic = try #require(error?.diagnostic)
        #expect(diagnostic.problem == .expression)
        #expect(diagnostic.option == "--where")
        #expect(diagnostic.subject == "user 7")
        #expect(diagnostic.detail == "two\nlines")
        // The value keeps jq's message; the text is one line.
        #expect(!diagnostic.text.contains("\n"))
        #expect(diagnostic.text.contains(#"--where: two\nlines (user 7); "#))
    }

    @Test func aFileThatCantBeOpenedNamesTheInput() throws {
        var run = UserListRun(inputs: [.file("/nonexistent/users.json")])
        run.threads = 1
        #expect {
            try run.run(output: OutputWriter(), warnings: CollectedWarnings())
        } throws: { error in
            let error = error as! UserlistError
            return error.kind == .noInput && error.diagnostic.problem == .unreadableInput && error.diagnostic.input == "/nonexistent/users.json"
        }
    }
}
