import Testing
@_spi(Pipeline) import UserListJSON

extension DiagnosticsTests {
    /// The slow-path validator: every message, where it lands as `line:column`, and what it must accept.
    struct JSONSyntaxDiagnoserTests {
        /// Input text, then the line, column and message the CLI would print for it.
        static let errors: [(String, Int, Int, String)] = [
            // Structure
            (#"{"a":1 "b":2}"#, 1, 8, "expected ',' or '}' after an object member"),
            (#"{"a":1]"#, 1, 7, "expected ',' or '}' after an object member"),
            ("[1 2]", 1, 4, "expected ',' or ']' after an array element"),
            ("[1}", 1, 3, "expected ',' or ']' after an array element"),
            (#"{"a" 1}"#, 1, 6, "expected ':' after an object key"),
            (#"{"a":1,}"#, 1, 8, "expected a string key"),
            ("{1:2}", 1, 2, "expected a string key"),
            ("{'a':1}", 1, 2, "expected a string key"),
            ("[1,]", 1, 4, "expected a value"),
            ("[,1]", 1, 2, "expected a value"),
            (#"{"a":}"#, 1, 6, "expected a value"),
            ("]", 1, 1, "expected a value"),
            (#"{"a":1}}"#, 1, 8, "expected a value"),
            ("1 2 ,", 1, 5, "expected a value"),
            // End of input, with what was left open
            (#""abc"#, 1, 5, "unexpected end of input: unterminated string"),
            (#"["a\"#, 1, 5, "unexpected end of input: unterminated string"),
            (#"{"ke"#, 1, 5, "unexpected end of input: unterminated string"),
            (#""\u12"#, 1, 6, "unexpected end of input: unterminated string"),
            (#"{"a":1"#, 1, 7, "unexpected end of input: unclosed object"),
            (#"{"a""#, 1, 5, "unexpected end of input: unclosed object"),
            (#"{"a":"#, 1, 6, "unexpected end of input: unclosed object"),
            ("{", 1, 2, "unexpected end of input: unclosed object"),
            ("[1, [2]", 1, 8, "unexpected end of input: unclosed array"),
            ("[1,", 1, 4, "unexpected end of input: unclosed array"),
            (#"[{"a":[1,2]"#, 1, 12, "unexpected end of input: unclosed object"),
            // Literals
            ("tru", 1, 4, "invalid literal"),
            ("[tru]", 1, 5, "invalid literal"),
            ("nul", 1, 4, "invalid literal"),
            ("True", 1, 1, "invalid literal"),
            ("nulls", 1, 5, "invalid literal"),
            ("[undefined]", 1, 2, "invalid literal"),
            (#"{"a":1}x"#, 1, 8, "invalid literal"),
            // Numbers
            ("01", 1, 2, "invalid number"),
            ("[-01]", 1, 4, "invalid number"),
            ("[1.]", 1, 4, "invalid number"),
            ("1.", 1, 3, "invalid number"),
            ("-", 1, 2, "invalid number"),
            ("[-]", 1, 3, "invalid number"),
            ("1e", 1, 3, "invalid number"),
            ("[1.5e+]", 1, 7, "invalid number"),
            ("+1", 1, 1, "invalid number"),
            ("[.5]", 1, 2, "invalid number"),
            ("1.2.3", 1, 4, "invalid number"),
            ("0x1F", 1, 2, "invalid number"),
            ("[12px]", 1, 4, "invalid number"),
            // Strings
            (#""a\qb""#, 1, 4, "invalid escape in string"),
            (#""\'""#, 1, 3, "invalid escape in string"),
            (#""\u12G4""#, 1, 6, "invalid \\u escape in string"),
            (#""\u12""#, 1, 6, "invalid \\u escape in string"),
            ("\"a\tb\"", 1, 3, "control character in string"),
            ("\"a\nb\"", 1, 3, "control character in string"),
            ("\"\u{0}\"", 1, 2, "control character in string"),
            // Anything else
            ("@", 1, 1, "unexpected character '@'"),
            ("[1] 'a'", 1, 5, "unexpected character '''"),
            ("\u{0}", 1, 1, "unexpected byte 0x00"),
            ("[\u{1B}]", 1, 2, "unexpected byte 0x1B"),
            ("“a”", 1, 1, "unexpected byte 0xE2"),
            // A top-level scalar glued to a string: jq reads two values, simdjson (the fast path) fails
            (#"1"a""#, 1, 2, #"unexpected character '"'"#),
            (#"true"x""#, 1, 5, #"unexpected character '"'"#),
            (#"{"a":true"b":2}"#, 1, 10, "expected ',' or '}' after an object member"),
            // Several lines: the error is on line 3 (the contract's own example)
            ("{\n  \"id\": \"1\",\n  \"name\": \"Ada\" \"email\": \"ada@example.com\",\n  \"bio\": null\n}\n", 3, 17, "expected ',' or '}' after an object member"),
            ("{\n  \"a\": 1,\n  \"b\": 2 \"c\": 3\n}", 3, 10, "expected ',' or '}' after an object member"),
            ("[\n  1,\n  2,\n]", 4, 1, "expected a value"),
            ("{\n  \"users\": [\n    {\"id\": 1, \"name\": \"x\"}", 3, 27, "unexpected end of input: unclosed array"),
            ("{\n  \"users\": [\n    {\"id\": 1, \"name\": \"x\"", 3, 26, "unexpected end of input: unclosed object"),
            // NDJSON, bad on line 2
            ("{\"id\":1}\n{\"id\":2,}\n{\"id\":3}\n", 2, 9, "expected a string key"),
            ("{\"id\":1}\n{\"id\":tru}\n", 2, 10, "invalid literal"),
            // CRLF line endings count once
            ("{\"a\":1}\r\n{\"b\":2}\r\n[1,,2]\r\n", 3, 4, "expected a value"),
            ("[1,\r\n2\r\n3]", 3, 1, "expected ',' or ']' after an array element"),
            // Non-ASCII before the error: the column counts characters, not bytes
            (#"{"名前":"José" "x":1}"#, 1, 14, "expected ',' or '}' after an object member"),
            ("[\"😀\" 1]", 1, 6, "expected ',' or ']' after an array element"),
            ("{\"ß\":1}\n{\"ü\":\"ö\",}", 2, 10, "expected a string key"),
            // A byte order mark is skipped and not counted as a column
            ("\u{FEFF}[1,]", 1, 4, "expected a value"),
            // ...but only at the start of the stream
            ("[1] \u{FEFF}", 1, 5, "a UTF-8 byte-order mark inside the input (files joined with their marks?): remove it"),
            ("[1] \u{FFFE}", 1, 5, "unexpected byte 0xEF"),
            ("\u{FEFF}\u{FEFF}[1]", 1, 1, "a UTF-8 byte-order mark inside the input (files joined with their marks?): remove it"),
            // As simdjson (which parses userlist's input) and unlike jq: lone surrogates, at their escape
            ("{\"id\":1}\n{\"n\":\"ab\\uD800\"}", 2, 9, "lone high surrogate \\uD800 in string (not followed by a low surrogate)"),
            ("[\"\\uDC00\\uD800\"]", 1, 3, "lone low surrogate \\uDC00 in string"),
            ("\"\\uD83D\\u0041\"", 1, 2, "lone high surrogate \\uD83D in string (not followed by a low surrogate)"),
            // ...and nesting past simdjson's 1024 levels, at the bracket that opens level 1025
            (String(repeating: "[", count: 1025) + String(repeating: "]", count: 1025), 1, 1025, "arrays and objects nested deeper than 1024 levels"),
            ("{\"a\":" + String(repeating: "[", count: 1024) + String(repeating: "]", count: 1024) + "}", 1, 1029, "arrays and objects nested deeper than 1024 levels"),
        ]

        @Test(arguments: errors)
        func reportsWhereAndWhy(input: String, line: Int, column: Int, message: String) throws {
            let found = try #require(diagnose(input))
            #expect(found.message == message)
            #expect(found.line == line)
            #expect(found.column == column)
        }

        /// Raw bytes that are not well-formed UTF-8 inside a string, and the offset of the bad byte.
        static let badUTF8: [([UInt8], Int)] = [
            ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong '/', bad lead
            ([0x22, 0xC1, 0xBF, 0x22], 1),  // overlong, bad lead
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 2),  // overlong three-byte form
            ([0x22, 0xF0, 0x8F, 0xBF, 0xBF, 0x22], 2),  // overlong four-byte form
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 2),  // U+D800 encoded directly
            ([0x22, 0xED, 0xBF, 0xBF, 0x22], 2),  // U+DFFF encoded directly
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2),  // past U+10FFFF
            ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1),  // lead past U+10FFFF
            ([0x22, 0x80, 0x22], 1),  // stray continuation byte
            ([0x22, 0xC3, 0x22], 2),  // sequence cut short by the quote
            ([0x22, 0xE2, 0x82, 0x41, 0x22], 3),  // third byte not a continuation
            ([0x22, 0xFF, 0x22], 1),
            ([0x5B, 0x22, 0x61, 0x22, 0x2C, 0x22, 0xFE, 0x22, 0x5D], 6),  // ["a","\xFE"]
        ]

        @Test(arguments: badUTF8)
        func rejectsMalformedUTF8(bytes: [UInt8], offset: Int) {
            let error = bytes.withUnsafeBytes { JSONSyntaxDiagnoser.firstError(in: $0) }
            #expect(error == JSONSyntaxError(offset: offset, message: "invalid UTF-8"))
        }

        @Test func utf8CutOffByTheEndIsAnUnterminatedString() {
            let error = [UInt8]([0x22, 0xE2, 0x82]).withUnsafeBytes { JSONSyntaxDiagnoser.firstError(in: $0) }
            #expect(error == JSONSyntaxError(offset: 3, message: "unexpected end of input: unterminated string"))
        }

        static let validStreams: [String] = [
            "",
            " \n\t\r\n ",
            "1 2 3",
            "1\n2\n3\n",
            #""a" "b""#,
            #""a""b""#,
            #"{"a":1}{"b":2}"#,
            "{\"a\":1}\n{\"b\":2}\n",
            "{\"a\":1}\r\n{\"b\":2}\r\n",
            "1 2 [3]",
            "[1][2]",
            "1[2]",
            "null{}",
            #""a"1"#,
            #"{"a":1}true"#,
            "[]",
            "{}",
            " [ 1 , 2 ] ",
            #"[[],{},[{}],{"a":{"b":[]}}]"#,
            "0", "-0", "0.5", "-12.5e-3", "1E+2", "1e2", "[0,-0,10]",
            "true false null",
            "[true,false,null]",
            #""\"\\\/\b\f\n\r\t\u00e9\u00E9""#,
            #""\uD83D\uDE00 and \ud834\udd1e""#,  // surrogate pairs
            "\"é € 𝄞 张伟 \u{7F}\"",
            "\u{FEFF}{\"a\":1}",
            "\u{FEFF}",
            #"{"users":[{"id":1,"name":"Leanne Graham","address":{"geo":{"lat":"-37.3159"}}}],"total":1}"#,
            String(repeating: "[", count: 1024) + String(repeating: "]", count: 1024),
        ]

        @Test(arguments: validStreams)
        func acceptsValidStreams(input: String) {
            #expect(diagnose(input) == nil)
        }

        @Test func startsAtTheGivenOffsetAndReportsAbsoluteOffsets() {
            let text = Array(#"{"a":1} [1,] {"b":2}"#.utf8)
            text.withUnsafeBytes { bytes in
                #expect(JSONSyntaxDiagnoser.firstError(in: bytes, from: 0) == JSONSyntaxError(offset: 11, message: "expected a value"))
                #expect(JSONSyntaxDiagnoser.firstError(in: bytes, from: 7) == JSONSyntaxError(offset: 11, message: "expected a value"))
                #expect(JSONSyntaxDiagnoser.firstError(in: bytes, from: 12) == nil)
            }
            let garbage = Array("xx [1,2]".utf8)
            garbage.withUnsafeBytes { bytes in
                #expect(JSONSyntaxDiagnoser.firstError(in: bytes, from: 2) == nil)
                #expect(JSONSyntaxDiagnoser.firstError(in: bytes, from: 99) == nil)  // clamped to the end
            }
        }

        @Test func deepNestingStopsAtSimdjsonsLimitWherever() {
            // 100,000 levels, closed or not, arrays or objects: the error is the bracket that
            // opens level 1025, as simdjson (which parses the input) refuses it; no stack grows.
            let arrays = String(repeating: "[", count: 100_000)
            #expect(diagnose(arrays)?.message == "arrays and objects nested deeper than 1024 levels")
            #expect(diagnose(arrays)?.column == 1025)
            #expect(diagnose(arrays + String(repeating: "]", count: 100_000))?.column == 1025)
            let objects = String(repeating: #"{"a":"#, count: 100_000)
            let error = Array(objects.utf8).withUnsafeBytes { JSONSyntaxDiagnoser.firstError(in: $0) }
            #expect(error == JSONSyntaxError(offset: 1024 * 5, message: "arrays and objects nested deeper than 1024 levels"))
        }

        @Test func nestingUpToTheLimitIsAccepted() {
            let text = String(repeating: "[", count: 1024) + String(repeating: "]", count: 1024)
            #expect(diagnose(text) == nil)
            #expect(diagnose(text + "]")?.message == "expected a value")
            #expect(diagnose(String(repeating: "[", count: 1024))?.message == "unexpected end of input: unclosed array")
        }

        @Test func errorsAreCheckedInStreamOrder() {
            // The first problem wins even when a later one is on an earlier-looking line of thought.
            let found = diagnose("{\"a\":1}\n[1,]\n{\"b\" 2}")
            #expect(found?.line == 2)
            #expect(found?.message == "expected a value")
        }
    }
}

/// Runs the diagnoser over `text` and places its error as the CLI would print it.
private func diagnose(_ text: String) -> (line: Int, column: Int, message: String)? {
    Array(text.utf8).withUnsafeBytes { bytes in
        guard let error = JSONSyntaxDiagnoser.firstError(in: bytes) else { return nil }
        let position = TextPosition.of(offset: error.offset, in: bytes)
        return (position.line, position.column, error.message)
    }
}
