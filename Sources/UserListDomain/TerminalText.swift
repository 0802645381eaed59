/// Text from outside — a payload's names and emails, a file name, a jq message — made safe to
/// show on a terminal: shown, never executed.
///
/// A terminal acts on control characters instead of printing them: ESC starts a sequence that
/// can recolour the screen, move the cursor, set the window title or (OSC 8, OSC 52) plant a link
/// or write the clipboard; `\r` and backspace let later text overprint earlier text; BEL rings.
/// The bidirectional embeddings, overrides and isolates reorder what follows them, so a name can
/// show as something it is not ("Trojan Source", CVE-2021-42574). Each of these is written in the
/// notation JSON (and jq, and ``Diagnostic/text``) uses — `\n`, `\r`, `\t`, `\b`, `\f`, otherwise
/// `\u` and four lowercase hex digits (`\u001b`, `\u0007`, `\u009b`, `\u202e`) — so a value reads
/// the same in the table, in a warning and in `--format json`. A backslash is left as it is: the
/// table is for reading, and `--format json` shows a value's exact characters.
public enum TerminalText {
    /// Whether `scalar` must be escaped before it reaches a terminal: the C0 controls
    /// (U+0000–U+001F, line feed and tab included), DEL (U+007F), the C1 controls (U+0080–U+009F;
    /// U+009B is CSI to a terminal that reads C1), and the bidi embeddings and overrides
    /// (U+202A–U+202E) and isolates (U+2066–U+2069).
    @inlinable
    public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 { return true }
        if v < 0x7F { return false }
        if v < 0xA0 { return true }
        return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// Whether any scalar of `text` must be escaped.
    public static func needsEscaping(_ text: String) -> Bool {
        let scanned: Bool? = text.utf8.withContiguousStorageIfAvailable { inspect($0).needsEscaping }
        return scanned ?? text.unicodeScalars.contains(where: mustEscape)
    }

    /// `text` with every scalar ``mustEscape(_:)`` names written as an escape.
    public static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if mustEscape(scalar) { appendEscape(scalar, to: &out) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// The escape of one scalar: `\n`, `\r`, `\t`, `\b`, `\f`, else `\uXXXX` (lowercase hex).
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        var out = String.UnicodeScalarView()
        appendEscape(scalar, to: &out)
        return String(out)
    }

    private static func appendEscape(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        out.append("\\")
        switch scalar {
        case "\n": out.append("n")
        case "\r": out.append("r")
        case "\t": out.append("t")
        case "\u{8}": out.append("b")
        case "\u{C}": out.append("f")
        default:
            out.append("u")
            let digits: [Unicode.Scalar] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
            for shift in stride(from: 12, through: 0, by: -4) {
                out.append(digits[Int((scalar.value >> UInt32(shift)) & 0xF)])
            }
        }
    }

    /// One pass over valid UTF-8: whether it holds a scalar ``mustEscape(_:)`` names and, when it
    /// doesn't, whether it is all ASCII (the pass stops at the first escape). Read from the bytes,
    /// without decoding: C0 and DEL are single bytes, C1 is `C2 80`…`C2 9F`, U+202A–U+202E are
    /// `E2 80 AA`…`E2 80 AE` and U+2066–U+2069 `E2 81 A6`…`E2 81 A9`.
    @_spi(Pipeline) @inlinable
    public static func inspect(_ utf8: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, needsEscaping: Bool) {
        var ascii = true
        // The two bytes before this one; a lead byte (C2, E2) is never a continuation byte.
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for b in utf8 {
            if b < 0x20 || b == 0x7F { return (ascii, true) }
            if b >= 0x80 {
                ascii = false
                if previous == 0xC2 && b < 0xA0 { return (ascii, true) }
                if beforePrevious == 0xE2 {
                    if previous == 0x80 && b >= 0xAA && b <= 0xAE { return (ascii, true) }
                    if previous == 0x81 && b >= 0xA6 && b <= 0xA9 { return (ascii, true) }
                }
            }
            beforePrevious = previous
            previous = b
        }
        return (ascii, false)
    }
}
