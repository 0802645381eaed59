import Testing
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

/// jq 1.6's own test files (jq.test, onig.test), run through `JQProgram` and judged as
/// `jq --run-tests` judges them. Cases that stock jq 1.6 fails too, or that need something only jq's
/// CLI provides, are listed in jq-1.6-known-failures.txt; every other case must pass, and every listed
/// case must still fail (so the list can't rot).
@Suite struct JQPeerTests {
    static let files = ["jq.test", "onig.test"]

    static func cases(_ file: String) throws -> [JQTestCase] {
        let text = try #require(PeerTestFiles.read(PeerTestFiles.path(file)), "cannot read \(PeerTestFiles.path(file))")
        return JQTestFile.parse(text, file: file)
    }

    static func knownFailures() throws -> JQKnownFailures {
        let text = try #require(
            PeerTestFiles.read(PeerTestFiles.knownFailuresPath), "cannot read \(PeerTestFiles.knownFailuresPath)")
        return JQKnownFailures(parsing: text)
    }

    @Test(.enabled(if: PeerTestFiles.available, PeerTestFiles.skipReason), arguments: files)
    func testFilePasses(_ file: String) throws {
        let cases = try Self.cases(file)
        let known = try Self.knownFailures()
        #expect(!cases.isEmpty, "\(file): no cases found")
        let runner = JQTestRunner()
        var passed = 0, compileErrors = 0, knownFailures = 0
        var trailingErrors: [String] = []
        for testCase in cases {
            let outcome = Self.mayAbort(testCase, known) ? runner.runIsolated(testCase) : runner.run(testCase)
            if let reason = known.reason(for: testCase.program) {
                knownFailures += 1
                switch outcome {
                case .passed:
                    Issue.record("\(testCase.location): listed as a known failure (\(reason)) but passes now; remove it from jq-1.6-known-failures.txt: \(testCase.program)")
                case .failed(let why):
                    print("\(testCase.location): known failure: \(testCase.program)\n  reason: \(reason)\n  fails with: \(why)")
                }
                continue
            }
            switch outcome {
            case .passed(let trailingError):
                passed += 1
                if case .compileError = testCase.expectation { compileErrors += 1 }
                if let trailingError { trailingErrors.append("\(testCase.location) \(testCase.program) → \(trailingError)") }
            case .failed(let why):
                Issue.record("\(testCase.location): \(testCase.program)\n  \(why)")
            }
        }
        let summary = "\(file): \(passed) passed, \(knownFailures) known failures (\(cases.count) cases; \(compileErrors) of the passes are must-not-compile cases, \(trailingErrors.count) end in a runtime error after all the expected outputs, which jq --run-tests accepts too)"
        print(([summary] + trailingErrors.map { "  " + $0 }).joined(separator: "\n"))
        #expect(passed + knownFailures == cases.count, "\(summary)")
    }

    /// Cases that can reach libjq's module loader, which asserts (aborting the process) when the
    /// library search path isn't set, and the known failures: these run in a child process.
    static func mayAbort(_ testCase: JQTestCase, _ known: JQKnownFailures) -> Bool {
        let program = testCase.program
        return known.reason(for: program) != nil
            || program.contains("import") || program.contains("include") || program.contains("modulemeta")
    }

    /// The same cases fed the way userlist feeds documents (simdjson's tape → `jqValue()`) and
    /// compared the way userlist prints outputs (`json()`, parsed back), must give the same verdicts.
    /// Inputs that only jq's own parser accepts (a leading byte order mark, `NaN` and `Infinity`) are
    /// rejected by simdjson, as userlist rejects such documents; they are counted, not failed.
    @Test(.enabled(if: PeerTestFiles.available, PeerTestFiles.skipReason), arguments: files)
    func userlistInputAndOutputPathsAgree(_ file: String) throws {
        let cases = try Self.cases(file)
        let known = try Self.knownFailures()
        let reference = JQTestRunner()
        let userlist = JQTestRunner(input: .userlist, output: .printed)
        var agreed = 0
        var jqOnlyInputs: [String] = []
        for testCase in cases where known.reason(for: testCase.program) == nil && !Self.mayAbort(testCase, known) {
            guard case .outputs(let input, _) = testCase.expectation, reference.run(testCase).didPass else { continue }
            switch userlist.run(testCase) {
            case .passed:
                agreed += 1
            case .failed(let why) where why.hasPrefix("the input is not JSON") && Self.isJQOnlyJSON(input):
                jqOnlyInputs.append("\(testCase.location) \(input)")
            case .failed(let why):
                Issue.record("\(testCase.location): passes with jv_parse, fails with userlist's input/output path: \(testCase.program)\n  \(why)")
            }
        }
        print((["\(file): \(agreed) cases give the same outputs through userlist's simdjson input and printed output; \(jqOnlyInputs.count) inputs only jq's parser accepts"] + jqOnlyInputs.map { "  " + $0 }).joined(separator: "\n"))
    }

    /// jq 1.6's parser extensions over JSON: a leading U+FEFF, and NaN / Infinity as numbers.
    static func isJQOnlyJSON(_ text: String) -> Bool {
        text.hasPrefix("\u{FEFF}") || text.contains("NaN") || text.contains("Infinity")
    }

    /// Every known failure names a program that is in one of the files.
    @Test(.enabled(if: PeerTestFiles.available, PeerTestFiles.skipReason))
    func knownFailuresNameRealCases() throws {
        let known = try Self.knownFailures()
        var programs = Set<String>()
        for file in Self.files { for testCase in try Self.cases(file) { programs.insert(testCase.program) } }
        for entry in known.entries {
            #expect(programs.contains(entry.program), "jq-1.6-known-failures.txt:\(entry.line) names no case of \(Self.files): \(entry.program)")
            #expect(!entry.reason.isEmpty, "jq-1.6-known-failures.txt:\(entry.line) has no reason comment above it")
        }
    }

    /// The parser follows jq_test.c on the format's corners.
    @Test func parsesTheFormat() {
        let text = """
            # comment
            .a
            {"a":1}
            1

            %%FAIL
            {(0):1}
            jq: error: Cannot use number (0) as object key at <top-level>, line 1:

            %%FAIL IGNORE MSG
            . as [] | null
            jq: error: whatever

            empty
            #not skipped: the input line is taken as it is
            # ends the outputs
            .[]
            [1,2]
            1
            2
            """
        let cases = JQTestFile.parse(text, file: "t")
        #expect(cases.count == 5)
        guard cases.count == 5 else { return }
        #expect(cases[0].line == 2 && cases[0].program == ".a")
        if case .outputs(let input, let outputs) = cases[0].expectation {
            #expect(input == #"{"a":1}"# && outputs == ["1"])
        } else { Issue.record("case 1 should be a run") }
        if case .compileError(let message, let check) = cases[1].expectation {
            #expect(check && message.hasPrefix("jq: error: Cannot use number"))
        } else { Issue.record("case 2 should be a compile error") }
        if case .compileError(_, let check) = cases[2].expectation { #expect(!check) } else { Issue.record("case 3") }
        if case .outputs(let input, let outputs) = cases[3].expectation {
            #expect(input.hasPrefix("#not skipped") && outputs.isEmpty)
        } else { Issue.record("case 4 should be a run") }
        #expect(cases[4].program == ".[]")
        #expect(JQTestRunner.normalizedCompileMessage("jq: error: X at <top-level>, line 1:") == "X at <top-level>, line 1")
    }

    /// The runner fails what `jq --run-tests` fails, and passes what it passes.
    @Test func judgesLikeJQRunTests() {
        func outcome(_ text: String) -> JQTestRunner.Outcome {
            let cases = JQTestFile.parse(text, file: "t")
            guard cases.count == 1 else { return .failed("parsed \(cases.count) cases") }
            return JQTestRunner().run(cases[0])
        }
        // Compared as JSON values, not text.
        #expect(outcome(".\n{\"b\":[1.0, 2],\"a\":null}\n{ \"a\": null, \"b\": [1, 2e0] }").didPass)
        #expect(!outcome(".[]\n[1,2]\n1\n3").didPass)
        // Missing, superfluous outputs.
        #expect(!outcome(".[]\n[1,2]\n1").didPass)
        #expect(!outcome(".[]\n[1]\n1\n1").didPass)
        // A runtime error while outputs are expected fails; after them, jq's harness accepts it.
        #expect(!outcome("1, error(\"x\"), 2\nnull\n1\n2").didPass)
        #expect(outcome("1, error(\"x\")\nnull\n1") == .passed(trailingError: "x"))
        // Must not compile; the message is compared unless IGNORE MSG.
        #expect(!outcome("%%FAIL\n.\njq: error: whatever").didPass)
        #expect(outcome("%%FAIL\n{(0):1}\njq: error: Cannot use number (0) as object key at <top-level>, line 1:").didPass)
        #expect(!outcome("%%FAIL\n{(0):1}\njq: error: another message at <top-level>, line 1:").didPass)
        #expect(outcome("%%FAIL IGNORE MSG\n{(0):1}\njq: error: another message").didPass)
        // A child process reports the same verdicts.
        let cases = JQTestFile.parse(".[]\n[1,2]\n1\n2\n\n.[]\n[1,2]\n1\n3", file: "t")
        #expect(JQTestRunner().runIsolated(cases[0]).didPass)
        #expect(!JQTestRunner().runIsolated(cases[1]).didPass)
    }
}
