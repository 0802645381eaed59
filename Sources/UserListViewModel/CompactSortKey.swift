@_spi(Pipeline) import UserListDomain
/// A user's place in a sorted list as text whose plain byte order is the list's order: the sort
/// key (missing last either way, `:desc` reversing only the key), then the global position that
/// breaks ties. The partial stage of a distributed run writes it before every row of a full
/// export, so Spark's `sortBy` on that text — or any byte-wise sort — orders the rows exactly as
/// ``SortEntry`` and ``SortKeyView`` order them in a single run.
///
/// Bytes, then written 6 bits a character in `-0-9A-Z_a-z`, 64 characters in ASCII order (safe
/// in a tab-separated line, and every one after a tab):
///
///     present key  00, then the key's bytes (each inverted, 255 - b, for :desc)
///     missing key  01
///     position     8 bytes, big-endian
///
/// The key's bytes are prefix-free, so inverting them reverses their order exactly:
///
///     negative integer  00, then the digit count (8 bytes) and digits, inverted
///     other integer     01, digit count (8 bytes), digits
///     text              02, folded text, 00 00, exact text, 00 00 (a 00 byte in text is 00 FF)
///     composite key     03, its bytes, 00 00 (00 written 00 FF), with every key's direction inside
///
/// Characters keep the bytes' order: each stands for the next 6 bits, the last one's missing bits
/// zero, so where two keys first differ their characters differ the same way, and a key's text
/// is never the start of another's (the bytes are prefix-free). Hex did the same in 8 bits to 6's
/// 4/3: a name's key is ~42 bytes, and its hex made a 5M-user export's shuffle ~140 MB bigger.
package enum CompactSortKey {
    /// Appends the key of a user with sort value `value` (nil: none, or no `--sort`) at `position`.
    package static func appendText(_ value: SortValue?, descending: Bool, position: Int, to out: inout [UInt8]) {
        var scratch: [UInt8] = []
        appendText(value, descending: descending, position: position, to: &out, scratch: &scratch)
    }

    /// As above, the key's bytes made in `scratch`: a caller that writes a key per row reuses it
    /// (five arrays a row, the hex digits' among them, were 16% of a full export's partial stage).
    package static func appendText(_ value: SortValue?, descending: Bool, position: Int, to out: inout [UInt8], scratch bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        if let value {
            bytes.append(0x00)
            let start = bytes.count
            append(value, to: &bytes)
            if descending { invert(&bytes, from: start) }
        } else {
            bytes.append(0x01)
        }
        precondition(position >= 0, "positions are counted from 0")
        withUnsafeBytes(of: UInt64(position).bigEndian) { bytes.append(contentsOf: $0) }
        appendCharacters(of: bytes, to: &out)
    }

    /// The 64 characters, in ASCII order: character k stands for the 6 bits k.
    private static let characters = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

    /// `bytes` as characters, 3 bytes to 4 (1 left over to 2, 2 to 3).
    static func appendCharacters(of bytes: [UInt8], to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: (bytes.count * 8 + 5) / 6))
        out.withUnsafeMutableBufferPointer { text in
            characters.withUnsafeBufferPointer { characters in
                var at = start, index = 0
                while index + 3 <= bytes.count {
                    let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                    text[at] = characters[Int(group >> 18)]
                    text[at + 1] = characters[Int(group >> 12 & 63)]
                    text[at + 2] = characters[Int(group >> 6 & 63)]
                    text[at + 3] = characters[Int(group & 63)]
                    at += 4
                    index += 3
                }
                let left = bytes.count - index
                guard left > 0 else { return }
                let group = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                text[at] = characters[Int(group >> 18)]
                text[at + 1] = characters[Int(group >> 12 & 63)]
                if left == 2 { text[at + 2] = characters[Int(group >> 6 & 63)] }
            }
        }
    }

    /// Each byte of `key` from `start` on as 255 − itself: the order reversed (the bytes are prefix-free).
    private static func invert(_ key: inout [UInt8], from start: Int) {
        for index in start..<key.count { key[index] = 255 - key[index] }
    }

    /// The value's prefix-free, order-preserving bytes (above); ``CompositeSortKey`` uses them too.
    static func append(_ value: SortValue, to key: inout [UInt8]) {
        switch value {
        case .integer(let negative, let digits):
            key.append(negative ? 0x00 : 0x01)
            let start = key.count
            withUnsafeBytes(of: UInt64(digits.utf8.count).bigEndian) { key.append(contentsOf: $0) }
            key.append(contentsOf: digits.utf8)
            if negative { invert(&key, from: start) }
        case .text(let folded, let exact):
            key.append(0x02)
            appendTerminated(folded, to: &key)
            appendTerminated(exact, to: &key)
        case .bytes(let bytes):
            // A composite key (several keys, `:natural`, `--collate`): prefix-free already only
            // when terminated, so it is terminated as text is.
            key.append(0x03)
            appendTerminated(bytes, to: &key)
        }
    }

    /// The text's bytes with 00 written 00 FF, then 00 00: a shorter text sorts first, as in memcmp.
    static func appendTerminated(_ text: String, to key: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendTerminated($0, to: &key) }
    }

    static func appendTerminated(_ bytes: [UInt8], to key: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { appendTerminated($0, to: &key) }
    }

    /// The runs between 00 bytes (text has none but by `\u0000`) copied whole: a byte at a time,
    /// each with its own append, this was 12% of a composite-key page over 50k users.
    static func appendTerminated(_ bytes: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) {
        var start = 0
        while let zero = bytes[start...].firstIndex(of: 0) {
            key.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...zero]))
            key.append(0xFF)
            start = zero + 1
        }
        key.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        key.append(0x00)
        key.append(0x00)
    }
}
