/// The text of one JSON value in a document's bytes, compacted: for a record that could not
/// become a user, written whole to `--rejects` as the input had it.
public enum JSONValueText {
    /// The value starting at `start` (after any white space) with the white space outside its
    /// strings removed, or nil when `start` holds no complete value. The bytes are JSON simdjson
    /// accepted, so only strings and nesting need following.
    public static func compacted(at start: Int, in bytes: UnsafeRawBufferPointer) -> String? {
        var i = start
        while i < bytes.count, bytes[i].isJSONWhitespace { i += 1 }
        guard i < bytes.count else { return nil }
        var out: [UInt8] = []
        var depth = 0
        var inString = false
        var escaped = false
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if inString {
                out.append(b)
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                if !inString, depth == 0 { break }
                continue
            }
            if b.isJSONWhitespace {
                if depth == 0, !out.isEmpty { break }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                // At depth 0 it closes the container around a scalar: the scalar ended.
                if depth == 0 { return out.isEmpty ? nil : String(decoding: out, as: UTF8.self) }
                depth -= 1
                if depth == 0 {
                    out.append(b)
                    return String(decoding: out, as: UTF8.self)
                }
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                if depth == 0 { return out.isEmpty ? nil : String(decoding: out, as: UTF8.self) }
            default: break
            }
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
