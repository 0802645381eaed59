@_spi(Pipeline) import UserListJSON
/// Where a byte scan that follows only strings and nesting stands inside a JSON string, across
/// the chunks it is given: the one string-skipping loop of ``ArrayElementScanner`` and
/// ``DocumentOutline``.
struct JSONStringCursor {
    private(set) var inString = false
    private var escaped = false

    /// A `"` outside a string was just met at the scanner's position.
    mutating func open() { inString = true }

    /// Moves `i` (inside a string) past string bytes, eight at a time; true when it stopped at a
    /// raw control character (left at `i`, for the caller to judge), false otherwise: past a
    /// quote, an escape's byte, or at the end of the bytes.
    mutating func skip(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        if escaped {
            escaped = false
            i += 1
            return false
        }
        i = bytes.nextStringSpecial(from: i)
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: "\\"): escaped = true
        case UInt8(ascii: "\""): inString = false
        default: return true
        }
        i += 1
        return false
    }
}
