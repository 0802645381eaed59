/// Numbers simdjson 3.0.1 refuses although they are valid JSON: integers beyond 64 bits and
/// values beyond `Double`'s range. An integer keeps its digits exactly by being quoted, so
/// `{"id": 123456789012345678901234567890}` gets the id "123456789012345678901234567890"; a
/// number with a fraction or an exponent becomes the largest double, as jq reads it, so the id
/// rule sees a number (`1e400` is not an id, as `1e22` is not) instead of the string "1e400".
@_spi(Pipeline) public enum OversizedNumbers {
    /// A copy of `text` with every out-of-range number quoted, or nil when there is none.
    @_spi(Pipeline) public static func quoted(in text: UnsafeRawBufferPointer) -> [UInt8]? {
        var output: [UInt8] = []
        var copiedUpTo = 0
        var i = 0
        while i < text.count {
            let byte = text[i]
            if byte == UInt8(ascii: "\"") {
                i = endOfString(text, from: i)
            } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                let end = endOfNumber(text, from: i)
                let token = UnsafeRawBufferPointer(rebasing: text[i..<end])
                if !fits(token) {
                    if output.isEmpty { output.reserveCapacity(text.count + 64) }
                    output.append(contentsOf: text[copiedUpTo..<i])
                    if isInteger(token) {
                        output.append(UInt8(ascii: "\""))
                        output.append(contentsOf: token)
                        output.append(UInt8(ascii: "\""))
                    } else {
                        if byte == UInt8(ascii: "-") { output.append(byte) }
                        output.append(contentsOf: "1.7976931348623157e308".utf8)
                    }
                    copiedUpTo = end
                }
                i = end
            } else {
                i += 1
            }
        }
        guard copiedUpTo > 0 else { return nil }
        output.append(contentsOf: text[copiedUpTo...])
        return output
    }

    /// Just after the string that starts at `start`, or at the line break that cuts it: a line
    /// break is never inside a valid string, and a line cut short (`{"name": "cut`) must not
    /// make the next lines' strings read as numbers' surroundings and their numbers as strings
    /// (a number quoted twice, `""999…""`, or not at all).
    private static func endOfString(_ text: UnsafeRawBufferPointer, from start: Int) -> Int {
        var i = start + 1
        while i < text.count {
            switch text[i] {
            case UInt8(ascii: "\\"): i += text[i + 1 < text.count ? i + 1 : i] == 0x0A ? 1 : 2
            case UInt8(ascii: "\""): return i + 1
            case 0x0A: return i
            default: i += 1
            }
        }
        return i
    }

    private static func endOfNumber(_ text: UnsafeRawBufferPointer, from start: Int) -> Int {
        var i = start + 1
        while i < text.count {
            switch text[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"):
                i += 1
            default:
                return i
            }
        }
        return i
    }

    /// Whether simdjson can hold the number: an integer within Int64/UInt64, or a finite double.
    private static func fits(_ token: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: token, as: UTF8.self)
        if isInteger(token) { return Int64(text) != nil || UInt64(text) != nil }
        return Double(text)?.isFinite ?? false
    }

    private static func isInteger(_ token: UnsafeRawBufferPointer) -> Bool {
        !token.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
    }
}
