import UserListDomain

/// Rewrites compact JSON text as jq prints it: indented (`--indent N`, `--tab`; two spaces on a
/// terminal), keys sorted (`-S`), coloured (`-C`, a terminal) with jq's escapes byte for byte —
/// each value in its kind's colour, brackets, commas and colons in their container's, keys in the
/// key colour — from a ``JSONPalette`` (jq 1.7.1's, or `JQ_COLORS`). The input is userlist's own
/// output or libjq's (valid JSON, one value a line), so only strings and nesting need following.
/// Inside strings, the C1 controls and bidi overrides JSON leaves raw are written as `\u`
/// escapes when the text is for a terminal, so what reaches it is shown, not obeyed, and is
/// still the same JSON.
public struct JSONHighlighter: Sendable {
    public enum Indent: Sendable, Equatable {
        case none
        case spaces(Int)
        case tab
    }

    public var indent: Indent
    public var palette: JSONPalette?
    public var sortKeys: Bool
    /// The C1 controls and bidi overrides written as escapes (for a terminal).
    public var escapesTerminalControls: Bool

    public init(indent: Indent, palette: JSONPalette?, sortKeys: Bool = false, escapesTerminalControls: Bool = true) {
        self.indent = indent
        self.palette = palette
        self.sortKeys = sortKeys
        self.escapesTerminalControls = escapesTerminalControls
    }

    /// Two-space indentation or none, jq's colours or none.
    public init(pretty: Bool, colour: Bool) {
        self.init(indent: pretty ? .spaces(2) : .none, palette: colour ? .jq : nil)
    }

    public var pretty: Bool { indent != .none }
    public var colour: Bool { palette != nil }

    /// The same, one value a line (ndjson's rows).
    public var compact: JSONHighlighter {
        var copy = self
        copy.indent = .none
        return copy
    }

    /// The rewritten text of `bytes` (one JSON value per line).
    public func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        let bytes = sortKeys ? JSONKeySorting.sorted(bytes) : bytes
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        // The containers open, innermost last: `{` or `[`.
        var containers: [UInt8] = []
        var expectKey = false
        let palette = self.palette
        func newline() {
            switch indent {
            case .none: return
            case .spaces(let n):
                out.append(0x0A)
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n * containers.count))
            case .tab:
                out.append(0x0A)
                out.append(contentsOf: repeatElement(0x09, count: containers.count))
            }
        }
        func colour(_ pick: (JSONPalette) -> [UInt8]) {
            if let palette { out.append(contentsOf: pick(palette)) }
        }
        func reset() {
            if palette != nil { out.append(contentsOf: JSONPalette.reset) }
        }
        func containerColour(_ bracket: UInt8) {
            colour { bracket == UInt8(ascii: "{") ? $0.object : $0.array }
        }
        // After a value inside a container, jq turns the container's colour back on.
        func afterValue() {
            if let container = containers.last { containerColour(container) }
        }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                var end = i + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                let token = bytes[i...min(end, bytes.count - 1)]
                if expectKey {
                    colour { $0.key }
                    appendString(token, to: &out)
                    reset()
                } else {
                    colour { $0.string }
                    appendString(token, to: &out)
                    reset()
                    afterValue()
                }
                i = end + 1
                expectKey = false
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let closing = b == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                var next = i + 1
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0D { next += 1 }
                if next < bytes.count, bytes[next] == closing {
                    containerColour(b)
                    out.append(b)
                    out.append(closing)
                    reset()
                    afterValue()
                    i = next + 1
                    continue
                }
                containerColour(b)
                out.append(b)
                containers.append(b)
                newline()
                expectKey = b == UInt8(ascii: "{")
                if expectKey { reset() }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let opening = containers.removeLast()
                newline()
                containerColour(opening)
                out.append(b)
                reset()
                afterValue()
            case UInt8(ascii: ","):
                out.append(b)
                newline()
                expectKey = containers.last == UInt8(ascii: "{")
                if expectKey { reset() }
            case UInt8(ascii: ":"):
                containerColour(UInt8(ascii: "{"))
                out.append(b)
                if indent != .none { out.append(UInt8(ascii: " ")) }
                reset()
            case 0x0A:
                out.append(b)
            case UInt8(ascii: " "), 0x09, 0x0D:
                break
            default:
                // A number or literal: up to the next delimiter.
                var end = i
                while end < bytes.count, !Self.isDelimiter(bytes[end]) { end += 1 }
                switch bytes[i] {
                case UInt8(ascii: "n"): colour { $0.null }
                case UInt8(ascii: "t"): colour { $0.true }
                case UInt8(ascii: "f"): colour { $0.false }
                default: colour { $0.number }
                }
                out.append(contentsOf: bytes[i..<end])
                reset()
                afterValue()
                i = end
                continue
            }
            i += 1
        }
        return out
    }

    private func appendString(_ token: ArraySlice<UInt8>, to out: inout [UInt8]) {
        if escapesTerminalControls {
            Self.appendString(token, to: &out)
        } else {
            out.append(contentsOf: token)
        }
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
