import UserListDomain

/// Rewrites compact JSON text for a person at a terminal: indented two spaces (`pretty`) and
/// coloured (`colour`) as jq 1.7 colours it — null grey, strings green, object keys blue, the
/// rest default, brackets bold. The input is userlist's own output (valid JSON, one value or one
/// per line), so only strings and nesting need following. Inside strings, the C1 controls and
/// bidi overrides JSON leaves raw are written as `\u` escapes, so what reaches the terminal is
/// shown, not obeyed, and is still the same JSON.
public struct JSONHighlighter: Sendable {
    public var pretty: Bool
    public var colour: Bool

    public init(pretty: Bool, colour: Bool) {
        self.pretty = pretty
        self.colour = colour
    }

    static let reset = Array("\u{1B}[0m".utf8)
    static let nullColour = Array("\u{1B}[1;30m".utf8)
    static let stringColour = Array("\u{1B}[0;32m".utf8)
    static let keyColour = Array("\u{1B}[34;1m".utf8)
    static let bracketColour = Array("\u{1B}[1;39m".utf8)
    static let plainColour = Array("\u{1B}[0;39m".utf8)

    /// The rewritten text of `bytes` (one JSON value per line).
    public func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var depth = 0
        var i = 0
        // Whether the string starting here is an object key: the container is an object and the
        // last token was `{` or `,`.
        var containers: [UInt8] = []
        var expectKey = false
        func newline() {
            guard pretty else { return }
            out.append(0x0A)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        func painted(_ colour: [UInt8], _ body: () -> Void) {
            if self.colour { out.append(contentsOf: colour) }
            body()
            if self.colour { out.append(contentsOf: Self.reset) }
        }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                var end = i + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                let isKey = expectKey
                painted(isKey ? Self.keyColour : Self.stringColour) { Self.appendString(bytes[i...min(end, bytes.count - 1)], to: &out) }
                i = end + 1
                expectKey = false
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let closing = b == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if i + 1 < bytes.count, bytes[i + 1] == closing {
                    painted(Self.bracketColour) { out.append(b); out.append(closing) }
                    i += 2
                    continue
                }
                painted(Self.bracketColour) { out.append(b) }
                containers.append(b)
                depth += 1
                expectKey = b == UInt8(ascii: "{")
                newline()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                containers.removeLast()
                newline()
                painted(Self.bracketColour) { out.append(b) }
            case UInt8(ascii: ","):
                painted(Self.bracketColour) { out.append(b) }
                expectKey = containers.last == UInt8(ascii: "{")
                newline()
            case UInt8(ascii: ":"):
                painted(Self.bracketColour) { out.append(b) }
                if pretty { out.append(UInt8(ascii: " ")) }
            case 0x0A:
                out.append(b)
            case UInt8(ascii: " "), 0x09, 0x0D:
                break
            default:
                // A number or literal: up to the next delimiter.
                var end = i
                while end < bytes.count, !Self.isDelimiter(bytes[end]) { end += 1 }
                let isNull = bytes[i] == UInt8(ascii: "n")
                painted(isNull ? Self.nullColour : Self.plainColour) { out.append(contentsOf: bytes[i..<end]) }
                i = end
                continue
            }
            i += 1
        }
        return out
    }

    /// Appends a string token with the scalars a terminal would act on that JSON leaves as they
    /// are — the C1 controls and the bidi overrides and isolates (``TerminalText``) — written as
    /// JSON escapes (`\u009b`, `\u202e`): the same JSON value, shown instead of obeyed. (C0 and
    /// DEL are escaped in JSON text already; one that isn't is escaped here too.)
    static func appendString(_ token: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var j = token.startIndex
        let end = token.endIndex
        while j < end {
            let b = token[j]
            if b < 0x20 || b == 0x7F {
                appendEscape(UInt32(b), to: &out)
                j += 1
            } else if b == 0xC2, j + 1 < end, token[j + 1] >= 0x80, token[j + 1] < 0xA0 {
                appendEscape(UInt32(token[j + 1]), to: &out)
                j += 2
            } else if b == 0xE2, j + 2 < end, let scalar = bidiControl(token[j + 1], token[j + 2]) {
                appendEscape(scalar, to: &out)
                j += 3
            } else {
                out.append(b)
                j += 1
            }
        }
    }

    /// The scalar `E2 b1 b2` encodes when it is one of the bidi controls ``TerminalText`` escapes.
    private static func bidiControl(_ b1: UInt8, _ b2: UInt8) -> UInt32? {
        guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return nil }
        let value = 0x2000 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
        guard let scalar = Unicode.Scalar(value), TerminalText.mustEscape(scalar) else { return nil }
        return value
    }

    private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        out.append(contentsOf: "\\u".utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((scalar >> UInt32(shift)) & 0xF)
            out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }

    private static func isDelimiter(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") || b == UInt8(ascii: ":") || b == 0x0A || b == 0x20 || b == 0x09 || b == 0x0D
    }
}
