/// `-S`: JSON text with every object's keys in order, as `jq -S` sorts them — by the keys'
/// UTF-8 bytes, decoded (`"\u00e9"` and `"é"` are one key) — recursively. The text is userlist's
/// own output or libjq's (valid JSON, one value a line); what isn't an object is copied.
enum JSONKeySorting {
    static func sorted(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || b == 0x20 || b == 0x09 || b == 0x0D {
                out.append(b)
                i += 1
                continue
            }
            let end = valueEnd(bytes, from: i)
            appendSorted(bytes, i..<end, to: &out)
            i = end
        }
        return out
    }

    /// Where the value starting at `start` ends.
    private static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        switch bytes[i] {
        case UInt8(ascii: "\""):
            return stringEnd(bytes, from: i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""): i = stringEnd(bytes, from: i); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return i
        default:
            while i < bytes.count, !isDelimiter(bytes[i]) { i += 1 }
            return i
        }
    }

    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start + 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
        return min(i + 1, bytes.count)
    }

    private static func skipSpace(_ bytes: [UInt8], _ i: inout Int) {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private static func appendSorted(_ bytes: [UInt8], _ range: Range<Int>, to out: inout [UInt8]) {
        let first = bytes[range.lowerBound]
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            out.append(contentsOf: bytes[range])
            return
        }
        var i = range.lowerBound + 1
        if first == UInt8(ascii: "[") {
            out.append(first)
            var count = 0
            while true {
                skipSpace(bytes, &i)
                guard i < range.upperBound, bytes[i] != UInt8(ascii: "]") else { break }
                if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(bytes, &i) }
                let end = valueEnd(bytes, from: i)
                if count > 0 { out.append(UInt8(ascii: ",")) }
                appendSorted(bytes, i..<end, to: &out)
                count += 1
                i = end
            }
            out.append(UInt8(ascii: "]"))
            return
        }
        var members: [(key: [UInt8], text: Range<Int>, value: Range<Int>)] = []
        while true {
            skipSpace(bytes, &i)
            guard i < range.upperBound, bytes[i] != UInt8(ascii: "}") else { break }
            if bytes[i] == UInt8(ascii: ",") { i += 1; skipSpace(bytes, &i) }
            let keyEnd = stringEnd(bytes, from: i)
            let keyText = i..<keyEnd
            i = keyEnd
            skipSpace(bytes, &i)
            i += 1  // ':'
            skipSpace(bytes, &i)
            let end = valueEnd(bytes, from: i)
            members.append((decodedString(bytes[keyText]), keyText, i..<end))
            i = end
        }
        // Stable, so a key given twice keeps its order (jq keeps the last; userlist never writes two).
        let order = members.indices.sorted { members[$0].key.lexicographicallyPrecedes(members[$1].key) || (members[$0].key == members[$1].key && $0 < $1) }
        out.append(UInt8(ascii: "{"))
        for (n, index) in order.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: bytes[members[index].text])
            out.append(UInt8(ascii: ":"))
            appendSorted(bytes, members[index].value, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A JSON string token's text as UTF-8 (escapes decoded), for comparing keys.
    static func decodedString(_ token: ArraySlice<UInt8>) -> [UInt8] {
        guard token.count >= 2, !token.contains(UInt8(ascii: "\\")) else { return Array(token.dropFirst().dropLast()) }
        let text = String(decoding: token, as: UTF8.self)
        var scalars = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.dropFirst().dropLast().makeIterator()
        var pendingHigh: UInt32?
        while let scalar = iterator.next() {
            guard scalar == "\\", let escaped = iterator.next() else {
                scalars.append(scalar)
                continue
            }
            switch escaped {
            case "n": scalars.append("\n")
            case "t": scalars.append("\t")
            case "r": scalars.append("\r")
            case "b": scalars.append("\u{8}")
            case "f": scalars.append("\u{C}")
            case "u":
                var value: UInt32 = 0
                for _ in 0..<4 { value = value << 4 | UInt32(iterator.next().flatMap { UInt8(String($0), radix: 16) } ?? 0) }
                if (0xD800...0xDBFF).contains(value) {
                    pendingHigh = value
                    continue
                }
                if let high = pendingHigh, (0xDC00...0xDFFF).contains(value) {
                    value = 0x10000 + (high - 0xD800) << 10 + (value - 0xDC00)
                }
                pendingHigh = nil
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: scalars.append(escaped)
            }
        }
        return Array(String(scalars).utf8)
    }

    private static func isDelimiter(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") || b == UInt8(ascii: ":") || b == 0x0A || b == 0x20 || b == 0x09 || b == 0x0D
    }
}
