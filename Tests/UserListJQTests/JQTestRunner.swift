import CJQ
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListPlatform

/// Runs jq test cases through `JQProgram`, judging them as `jq --run-tests` (jq 1.6's
/// src/jq_test.c) does:
///
/// - outputs are compared one by one with the expected values using `jv_equal`;
/// - a runtime error while expected outputs remain is a failure ("Insufficient results");
/// - once every expected output has matched, one more output is a failure ("Superfluous result"),
///   but a runtime error there is not: jq's harness only checks that the next result isn't a value.
///   Such passes are counted as `passedWithTrailingError`.
struct JQTestRunner {
    /// How the input reaches libjq.
    enum Input {
        /// `jv_parse` of the input line (`JQValue.parse`), as `jq --run-tests` does.
        case parsed
        /// simdjson's tape turned into a `jv` by `JSONNode.jqValue()`, as userlist feeds documents.
        case userlist
    }

    /// What is compared with the expected values.
    enum Output {
        /// The output `jv` itself, as `jq --run-tests` does.
        case value
        /// The output as userlist prints it (`JQValue.json()`), parsed back.
        case printed
    }

    enum Outcome: Equatable {
        case passed(trailingError: String?)
        case failed(String)

        var didPass: Bool { if case .passed = self { true } else { false } }
    }

    var input: Input = .parsed
    var output: Output = .value

    func run(_ testCase: JQTestCase) -> Outcome {
        switch testCase.expectation {
        case .compileError(let message, let checkMessage):
            return runCompileError(testCase.program, message: message, checkMessage: checkMessage)
        case .outputs(let input, let outputs):
            return runOutputs(testCase.program, input: input, expected: outputs)
        }
    }

    /// Runs `testCase` in a forked child process, so a case that makes libjq abort (an `assert`)
    /// fails instead of taking the whole test process down. Used for the known failures.
    func runIsolated(_ testCase: JQTestCase) -> Outcome {
        let ending: ForkedChild.Ending
        do {
            // A case that loops forever fails after 30 s instead of hanging the suite.
            ending = try ForkedChild.run(timeLimit: 30) {
                switch run(testCase) {
                case .passed: Array("PASSED\n".utf8)
                case .failed(let why): Array("FAILED \(why)\n".utf8)
                }
            }
        } catch {
            return .failed("\(error.operation): errno \(error.code)")
        }
        let text = String(decoding: ending.output, as: UTF8.self).trimmingSuffix()
        let signal = ending.signal
        if signal != 0 {
            let first = text.split(separator: "\n").first.map(String.init) ?? ""
            return .failed("the process died of signal \(signal)\(first.isEmpty ? "" : ": " + first)")
        }
        if text.hasSuffix("PASSED") { return .passed(trailingError: nil) }
        if let range = text.range(of: "FAILED ") { return .failed(String(text[range.upperBound...])) }
        return .failed("no report from the child process: \(text)")
    }

    private func runCompileError(_ program: String, message: String, checkMessage: Bool) -> Outcome {
        do {
            _ = try JQProgram(program)
            return .failed("compiled, but jq 1.6 rejects it with: \(message)")
        } catch {
            guard checkMessage else { return .passed(trailingError: nil) }
            let expected = Self.normalizedCompileMessage(message)
            if error.message == expected { return .passed(trailingError: nil) }
            return .failed("wrong compile error: expected \"\(expected)\", got \"\(error.message)\"")
        }
    }

    /// jq's `jq: error: MESSAGE at <top-level>, line 1:` as `JQProgram` reports it: without the
    /// `jq: error: ` prefix and the final colon.
    static func normalizedCompileMessage(_ message: String) -> String {
        var text = Substring(message)
        if text.hasPrefix("jq: error: ") { text = text.dropFirst("jq: error: ".count) }
        if text.hasSuffix(":") { text = text.dropLast() }
        return String(text)
    }

    private func runOutputs(_ source: String, input inputText: String, expected: [String]) -> Outcome {
        let program: JQProgram
        do {
            program = try JQProgram(source)
        } catch {
            return .failed("does not compile: \(error.message)")
        }
        for (index, text) in expected.enumerated() {
            if case .failure(let error) = JQValue.parse(text) {
                return .failed("expected output \(index + 1) is not JSON (\(error.message)): \(text)")
            }
        }
        let value: JQValue
        switch makeInput(inputText) {
        case .success(let parsed): value = parsed
        case .failure(let error): return .failed("the input is not JSON (\(error.message)): \(inputText)")
        }

        var count = 0
        var mismatches: [String] = []
        var superfluous: String?
        do {
            try program.run(value) { actual in
                defer { count += 1 }
                guard count < expected.count else {
                    superfluous = actual.json()
                    return false
                }
                guard case .success(let wanted) = JQValue.parse(expected[count]) else { return false }
                let compared: JQValue
                switch output {
                case .value:
                    compared = actual.copy()
                case .printed:
                    guard case .success(let reparsed) = JQValue.parse(actual.json()) else {
                        mismatches.append("output \(count + 1) prints as text that isn't JSON: \(actual.json())")
                        return true
                    }
                    compared = reparsed
                }
                if !jsonEqual(wanted, compared) {
                    mismatches.append("output \(count + 1): expected \(wanted.json()), got \(compared.json())")
                }
                return true
            }
        } catch let error as JQError {
            if count < expected.count {
                let got = mismatches.isEmpty ? "" : "; " + mismatches.joined(separator: "; ")
                return .failed("runtime error after \(count) of \(expected.count) outputs: \(error.message)\(got)")
            }
            if mismatches.isEmpty { return .passed(trailingError: error.message) }
        } catch {
            return .failed("unexpected error: \(error)")
        }
        if !mismatches.isEmpty { return .failed(mismatches.joined(separator: "; ")) }
        if let superfluous { return .failed("superfluous output: \(superfluous)") }
        if count < expected.count { return .failed("only \(count) of \(expected.count) outputs") }
        return .passed(trailingError: nil)
    }

    private func makeInput(_ text: String) -> Result<JQValue, JQError> {
        switch input {
        case .parsed: JQValue.parse(text)
        case .userlist: Self.userlistValue(text)
        }
    }

    /// The input as userlist builds it: one document of a simdjson stream, then `jqValue()`.
    static func userlistValue(_ text: String) -> Result<JQValue, JQError> {
        let bytes = Array(text.utf8)
        let padding = JSONDocumentStream.padding
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes.count + padding, alignment: 64)
        defer { buffer.deallocate() }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { buffer.copyMemory(from: base, byteCount: source.count) }
        }
        Memory.zero(buffer + bytes.count, count: padding)
        let stream = JSONDocumentStream()
        let padded = UnsafeRawBufferPointer(start: buffer, count: bytes.count)
        if case .invalid(let message)? = stream.begin(padded, batchSize: max(bytes.count, 1 << 16)) {
            return .failure(JQError(message: "simdjson: \(message)"))
        }
        switch stream.next() {
        case .document(let root, _): return .success(JQValue(root))
        case .invalid(let message): return .failure(JQError(message: "simdjson: \(message)"))
        case .end, .tooLarge: return .failure(JQError(message: "simdjson: no document"))
        }
    }
}

extension String {
    fileprivate func trimmingSuffix() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}

/// libjq's own equality (`jv_equal` consumes both arguments, hence the copies).
func jsonEqual(_ a: borrowing JQValue, _ b: borrowing JQValue) -> Bool {
    jv_equal(jv_copy(a.raw), jv_copy(b.raw)) != 0
}
