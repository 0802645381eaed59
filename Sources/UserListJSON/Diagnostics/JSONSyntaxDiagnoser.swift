/// Finds the first RFC 8259 syntax error in a stream of JSON texts, with its byte offset and reason.
///
/// This is the slow path: simdjson only reports that a parse failed, so once it has, this
/// re-reads the bytes to say where and why. The stream is read the way jq and NDJSON readers
/// do: any number of JSON texts, separated by optional white space (`1 2 [3]`, `{"a":1}{"b":2}`,
/// one object per line). An empty or white-space-only stream is valid. One exception, to agree
/// with simdjson: a top-level number or literal may not run straight into a string (`1"a"`).
///
/// It is strict where RFC 8259 is: no leading zeros, `+`, `.5`, `1.` or bare `-`; only the
/// eight escapes and `\uXXXX` with four hex digits; no raw control characters in strings;
/// strings must be well-formed UTF-8 (no overlong forms, no UTF-8-encoded surrogates, nothing
/// past U+10FFFF). As simdjson, which parses userlist's input, it also rejects what jq lets
/// through: a lone or mismatched `\u` surrogate escape, and nesting deeper than
/// ``maximumDepth`` (both were reported at the start of their chunk before). A UTF-8 byte order
/// mark is skipped when it is the first thing in the buffer (`start` 0).
///
/// The scan is iterative, with the open containers on a heap stack, so the depth check costs
/// nothing of the thread's stack.
public enum JSONSyntaxDiagnoser {
    /// simdjson's default maximum depth of nested arrays and objects.
    public static let maximumDepth = 1024

    /// Returns the first syntax error in `bytes[start...]`, or nil when it is a valid stream.
    ///
    /// `start` must sit between two texts (or at the buffer's start); it is clamped to the
    /// buffer. The error's offset indexes `bytes`, not the slice.
    public static func firstError(in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> JSONSyntaxError? {
        firstBadDocument(in: bytes, from: start)?.error
    }

    /// ``firstError(in:from:)`` with where the text it breaks starts: the offset of the top-level
    /// value being read when the error was found (the error's own offset for a stray `]`). The
    /// reader bounds a bad record from there, not from the error, which for a line cut off is
    /// often lines later, inside the good records the parser read on into.
    ///
    /// `startsInput`: `bytes` begin where the input does, so a byte-order mark at offset 0 is the
    /// input's own; false for a stretch from inside an input (the rest of a chunk after a
    /// skipped record), where a mark at its start is an error like any other.
    public static func firstBadDocument(in bytes: UnsafeRawBufferPointer, from start: Int = 0, startsInput: Bool = true) -> (documentStart: Int, error: JSONSyntaxError)? {
        var documentStart = 0, documentEnd = 0
        guard let error = scan(bytes, from: start, firstOnly: false, startsInput: startsInput, documentStart: &documentStart, documentEnd: &documentEnd) else { return nil }
        return (min(documentStart, error.offset), error)
    }

    /// What the one JSON text that starts at a place is.
    public enum FirstDocument: Equatable, Sendable {
        /// Whole and valid, ending just before this offset.
        case whole(end: Int)
        /// It has a syntax error, or there is no text at all.
        case broken
        /// Valid as far as the buffer goes, which ends inside it.
        case cutOff
    }

    /// Reads the one JSON text that starts at `start` (after white space), not the rest of the buffer.
    public static func firstDocument(in bytes: UnsafeRawBufferPointer, from start: Int) -> FirstDocument {
        var documentStart = 0, documentEnd = -1
        if let error = scan(bytes, from: start, firstOnly: true, documentStart: &documentStart, documentEnd: &documentEnd) {
            return error.offset >= bytes.count ? .cutOff : .broken
        }
        return documentEnd > documentStart ? .whole(end: documentEnd) : .broken
    }

    private static func scan(
        _ bytes: UnsafeRawBufferPointer, from start: Int, firstOnly: Bool, startsInput: Bool = true, documentStart: inout Int, documentEnd: inout Int
    ) -> JSONSyntaxError? {
        let end = bytes.count
        var i = min(max(start, 0), end)
        if i == 0, startsInput, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            i = 3
        }
        // The open containers, innermost last: true for an object, false for an array.
        var open: [Bool] = []

        // Each pass reads one value, then closes the containers it completes.
        var readOne = false
        value: while true {
            let valueEnd = i
            skipWhitespace(bytes, &i)
            if open.isEmpty {
                documentEnd = valueEnd
                if firstOnly, readOne { return nil }
                readOne = true
                documentStart = i
            }
            guard i < end else {
                return open.last.map { unclosed(isObject: $0, at: end) }
            }
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "{"):
                if open.count == maximumDepth { return tooDeep(at: i) }
                i += 1
                skipWhitespace(bytes, &i)
                if i < end, bytes[i] == UInt8(ascii: "}") {
                    i += 1
                } else {
                    open.append(true)
                    if let error = scanKey(bytes, &i) { return error }
                    continue value
                }
            case UInt8(ascii: "["):
                if open.count == maximumDepth { return tooDeep(at: i) }
                i += 1
                skipWhitespace(bytes, &i)
                if i < end, bytes[i] == UInt8(ascii: "]") {
                    i += 1
                } else {
                    open.append(false)
                    continue value
                }
            case UInt8(ascii: "\""):
                if let error = scanString(bytes, &i) { return error }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let error = scanNumber(bytes, &i) ?? quoteAfterScalar(bytes, i, atTopLevel: open.isEmpty) { return error }
            case UInt8(ascii: "+"), UInt8(ascii: "."):
                // Someone wrote a number JSON does not allow (`+1`, `.5`); say so, not "unexpected '+'".
                return JSONSyntaxError(offset: i, message: "invalid number")
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if let error = scanLiteral(bytes, &i) ?? quoteAfterScalar(bytes, i, atTopLevel: open.isEmpty) { return error }
            case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"):
                // Punctuation where a value belongs: `[1,]`, `{"a":}`, a stray `]` at top level.
                return JSONSyntaxError(offset: i, message: "expected a value")
            default:
                return JSONSyntaxError(offset: i, message: open.isEmpty ? unexpectedAtTopLevel(bytes, i) : unexpected(byte))
            }

            // A value ended just before `i`: close what it completes, or step to the next member.
            while let isObject = open.last {
                skipWhitespace(bytes, &i)
                guard i < end else { return unclosed(isObject: isObject, at: end) }
                let next = bytes[i]
                if next == UInt8(ascii: ",") {
                    i += 1
                    if isObject, let error = scanKey(bytes, &i) { return error }
                    continue value
                }
                if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    open.removeLast()
                    continue
                }
                return JSONSyntaxError(
                    offset: i,
                    message: isObject
                        ? "expected ',' or '}' after an object member"
                        : "expected ',' or ']' after an array element")
            }
        }
    }

    // MARK: - Tokens

    /// Reads white space, a string key, white space and the `:` after it, leaving `i` after the `:`.
    private static func scanKey(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> JSONSyntaxError? {
        skipWhitespace(bytes, &i)
        guard i < bytes.count else { return unclosed(isObject: true, at: bytes.count) }
        guard bytes[i] == UInt8(ascii: "\"") else {
            return JSONSyntaxError(offset: i, message: "expected a string key")
        }
        if let error = scanString(bytes, &i) { return error }
        skipWhitespace(bytes, &i)
        guard i < bytes.count else { return unclosed(isObject: true, at: bytes.count) }
        guard bytes[i] == UInt8(ascii: ":") else {
            return JSONSyntaxError(offset: i, message: "expected ':' after an object key")
        }
        i += 1
        return nil
    }

    /// Reads a string from its opening quote at `i`, leaving `i` after the closing quote.
    private static func scanString(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> JSONSyntaxError? {
        let end = bytes.count
        i += 1
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                i += 1
                return nil
            }
            if byte == UInt8(ascii: "\\") {
                i += 1
                guard i < end else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 1
                case UInt8(ascii: "u"):
                    let escape = i - 1
                    i += 1
                    guard let unit = hexQuad(bytes, &i) else {
                        return i >= end ? unterminatedString(at: end) : JSONSyntaxError(offset: i, message: "invalid \\u escape in string")
                    }
                    if (0xDC00...0xDFFF).contains(unit) {
                        return JSONSyntaxError(offset: escape, message: "lone low surrogate \\u\(hex(unit)) in string")
                    }
                    if (0xD800...0xDBFF).contains(unit) {
                        // A high surrogate must be followed by a low one: `\uD83D\uDE00`.
                        var next = i
                        if next + 1 < end, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u") {
                            next += 2
                            if let low = hexQuad(bytes, &next), (0xDC00...0xDFFF).contains(low) {
                                i = next
                                continue
                            }
                        }
                        return JSONSyntaxError(offset: escape, message: "lone high surrogate \\u\(hex(unit)) in string (not followed by a low surrogate)")
                    }
                default:
                    return JSONSyntaxError(offset: i, message: "invalid escape in string")
                }
            } else if byte < 0x20 {
                return JSONSyntaxError(offset: i, message: "control character in string")
            } else if byte < 0x80 {
                i += 1
            } else if let error = scanMultibyte(bytes, &i) {
                return error
            }
        }
        return unterminatedString(at: end)
    }

    /// Checks one multi-byte UTF-8 sequence whose lead byte is at `i` (Unicode Table 3-7).
    private static func scanMultibyte(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> JSONSyntaxError? {
        let lead = bytes[i]
        var continuations = 2
        // The second byte's range is narrower after some leads: that is what rules out
        // overlong forms (E0, F0), UTF-16 surrogates (ED) and code points past U+10FFFF (F4).
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuations = 1
        case 0xE0: low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: break
        case 0xED: high = 0x9F
        case 0xF0: continuations = 3; low = 0x90
        case 0xF1...0xF3: continuations = 3
        case 0xF4: continuations = 3; high = 0x8F
        default:
            // A stray continuation byte, an overlong lead (C0, C1) or a lead past U+10FFFF.
            return JSONSyntaxError(offset: i, message: "invalid UTF-8")
        }
        var j = i + 1
        for k in 0..<continuations {
            guard j < bytes.count else { return unterminatedString(at: bytes.count) }
            let byte = bytes[j]
            let valid = k == 0 ? (low...high).contains(byte) : (0x80...0xBF).contains(byte)
            guard valid else { return JSONSyntaxError(offset: j, message: "invalid UTF-8") }
            j += 1
        }
        i = j
        return nil
    }

    /// Reads a number starting at `i` (a `-` or a digit), leaving `i` after it.
    private static func scanNumber(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> JSONSyntaxError? {
        let end = bytes.count
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < end, isDigit(bytes[i]) else { return invalidNumber(at: i) }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            skipDigits(bytes, &i)
        }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < end, isDigit(bytes[i]) else { return invalidNumber(at: i) }
            skipDigits(bytes, &i)
        }
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < end, isDigit(bytes[i]) else { return invalidNumber(at: i) }
            skipDigits(bytes, &i)
        }
        // `01`, `1.2.3`, `0x1F`, `12px`: one bad token to the reader, so call it a bad number
        // rather than "expected ','" at its tail.
        if i < end, isWordByte(bytes[i]) { return invalidNumber(at: i) }
        return nil
    }

    /// Reads `true`, `false` or `null` starting at the letter at `i`, leaving `i` after it.
    private static func scanLiteral(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> JSONSyntaxError? {
        let word: StaticString
        switch bytes[i] {
        case UInt8(ascii: "t"): word = "true"
        case UInt8(ascii: "f"): word = "false"
        case UInt8(ascii: "n"): word = "null"
        default: return JSONSyntaxError(offset: i, message: "invalid literal")
        }
        for k in 0..<word.utf8CodeUnitCount {
            guard i < bytes.count, bytes[i] == word.utf8Start[k] else {
                return JSONSyntaxError(offset: i, message: "invalid literal")
            }
            i += 1
        }
        // `trueish`, `nulls`: the word runs on, so it is not the literal.
        if i < bytes.count, isWordByte(bytes[i]) {
            return JSONSyntaxError(offset: i, message: "invalid literal")
        }
        return nil
    }

    /// A top-level number or literal run straight into a string (`1"a"`, `true"x"`).
    ///
    /// jq would read two values, but simdjson, the fast path, rejects it; flagging it here keeps
    /// the two in agreement, so a failed fast parse always gets a reason. Inside a container the
    /// usual "expected ','" message is the clearer one and comes from the caller.
    private static func quoteAfterScalar(_ bytes: UnsafeRawBufferPointer, _ i: Int, atTopLevel: Bool) -> JSONSyntaxError? {
        guard atTopLevel, i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        return JSONSyntaxError(offset: i, message: unexpected(bytes[i]))
    }

    // MARK: - Bytes

    private static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): i += 1
            default: return
            }
        }
    }

    private static func skipDigits(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) {
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }

    /// Bytes that would continue a bare word or number token (what jq's lexer glues together).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    // MARK: - Errors

    /// Four hex digits at `i` as a UTF-16 code unit (i moves past them), or nil.
    private static func hexQuad(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Int? {
        var value = 0
        for _ in 0..<4 {
            guard i < bytes.count, isHexDigit(bytes[i]) else { return nil }
            let byte = bytes[i]
            let digit = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
            value = value << 4 | Int(digit)
            i += 1
        }
        return value
    }

    private static func hex(_ unit: Int) -> String {
        let text = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    private static func tooDeep(at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, message: "arrays and objects nested deeper than \(maximumDepth) levels")
    }

    private static func invalidNumber(at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, message: "invalid number")
    }

    private static func unterminatedString(at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, message: "unexpected end of input: unterminated string")
    }

    /// The end-of-input error naming the innermost container still open.
    private static func unclosed(isObject: Bool, at offset: Int) -> JSONSyntaxError {
        let what = isObject ? "object" : "array"
        return JSONSyntaxError(offset: offset, message: "unexpected end of input: unclosed \(what)")
    }

    /// Where a document starts, the bytes of another encoding's mark say what the input is: a
    /// UTF-16 export, or files joined with `cat` that each began with a UTF-8 byte-order mark.
    private static func unexpectedAtTopLevel(_ bytes: UnsafeRawBufferPointer, _ i: Int) -> String {
        let next = i + 1 < bytes.count ? bytes[i + 1] : 0
        let third = i + 2 < bytes.count ? bytes[i + 2] : 1, fourth = i + 3 < bytes.count ? bytes[i + 3] : 1
        switch (bytes[i], next) {
        case (0xFF, 0xFE) where third == 0 && fourth == 0, (0x00, 0x00) where third == 0xFE && fourth == 0xFF:
            return "a UTF-32 byte-order mark: userlist reads UTF-8 (convert with iconv -f UTF-32 -t UTF-8)"
        case (0xFF, 0xFE), (0xFE, 0xFF):
            return "a UTF-16 byte-order mark: userlist reads UTF-8 (convert with iconv -f UTF-16 -t UTF-8)"
        case (0xEF, 0xBB) where i + 2 < bytes.count && bytes[i + 2] == 0xBF:
            return "a UTF-8 byte-order mark inside the input (files joined with their marks?): remove it"
        default:
            return unexpected(bytes[i])
        }
    }

    /// `unexpected character 'x'` for printable ASCII, else `unexpected byte 0xNN` (no guessing at encodings).
    private static func unexpected(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte <= 0x7E {
            return "unexpected character '\(Character(Unicode.Scalar(byte)))'"
        }
        let digits = String(byte, radix: 16, uppercase: true)
        return "unexpected byte 0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
