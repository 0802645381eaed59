/// A JSON string literal as `jq -c` writes one: `"` and `\` escaped, the short forms `\n \r \t
/// \b \f`, every other control character below 0x20 and DEL as `\u00xx` (lowercase hex), the
/// rest as it is. For text made once (a path in a message, a description); the rows of a run go
/// through the renderers' byte writer (`JSONText` in UserListRendering), which writes the same.
public enum JSONStringLiteral {
    /// `text` as a JSON (and jq) string literal.
    public static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case "\u{08}": quoted += "\\b"
            case "\u{0C}": quoted += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let digits = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
