import Testing
@testable import UserListJQ

@Suite("JQValue")
struct JQValueTests {
    /// `-r` prints a string's every byte: jq strings may hold NUL, where a C string ends (the
    /// jq fuzzer found `"a\u0000b"` printed as `a`).
    @Test func rawTextKeepsNULBytes() throws {
        let program = try JQProgram(#""a\u0000b\u0000""#)
        var texts: [String] = []
        try program.run(.null) { output in
            texts.append(output.rawText())
            return true
        }
        #expect(texts == ["a\0b\0"])
        #expect(JQValue.string("é\0ü").rawText() == "é\0ü")
    }

    /// Error messages are read the same way: a NUL in one doesn't cut the message short.
    @Test func errorMessagesKeepNULBytes() throws {
        let program = try JQProgram(#"error("x\u0000y")"#)
        #expect(throws: JQError(message: "x\0y")) {
            try program.run(.null) { _ in true }
        }
    }

    /// libjq 1.6 leaves the input callback uninitialised; `input` called whatever the heap held
    /// (the jq fuzzer's crash). Many programs in one process, as the fuzzer runs them: each
    /// `input` is an error, never a jump through garbage.
    @Test func inputWithoutInputsIsAnError() throws {
        for _ in 0..<50 {
            let program = try JQProgram("[1, 2] | sort_by(input)")
            #expect(throws: JQError.self) { try program.run(.null) { _ in true } }
        }
    }
}
