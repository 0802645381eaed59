@_spi(Pipeline) import UserListDomain
/// A user's place in a sorted list as text whose plain byte order is the list's order: the sort
/// key (missing last either way, `:desc` reversing only the key), then the global position that
/// breaks ties. The partial stage of a distributed run writes it before every row of a full
/// export, so Spark's `sortBy` on that text — or any byte-wise sort — orders the rows exactly as
/// ``SortEntry`` and ``SortKeyView`` order them in a single run.
///
/// Bytes, then lower-case hex (order-preserving, and safe in a tab-separated line):
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
package enum CompactSortKey {
    /// Appends the key of a user with sort value `value` (nil: none, or no `--sort`) at `position`.
    package static func appendHex(_ value: SortValue?, descending: Bool, position: Int, to out: inout [UInt8]) {
        var bytes: [UInt8] = []
        if let value {
            var key: [UInt8] = []
            append(value, to: &key)
            bytes.append(0x00)
            bytes += descending ? key.map { 255 - $0 } : key
        } else {
            bytes.append(0x01)
        }
        precondition(position >= 0, "positions are counted from 0")
        withUnsafeBytes(of: UInt64(position).bigEndian) { bytes += $0 }
        let digits = Array("0123456789abcdef".utf8)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
    }

    /// The value's prefix-free, order-preserving bytes (above); ``CompositeSortKey`` uses them too.
    static func append(_ value: SortValue, to key: inout [UInt8]) {
        switch value {
        case .integer(let negative, let digits):
            var magnitude: [UInt8] = []
            withUnsafeBytes(of: UInt64(digits.utf8.count).bigEndian) { magnitude += $0 }
            magnitude += digits.utf8
            if negative {
                key.append(0x00)
                key += magnitude.map { 255 - $0 }
            } else {
                key.append(0x01)
                key += magnitude
            }
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
