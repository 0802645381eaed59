@_spi(Pipeline) import UserListJSON

// What framing asks of a stretch of bytes before anything parses it: once per chunk or region.

extension UnsafeRawBufferPointer {
    /// Nothing but JSON white space (or nothing at all).
    package var isBlankJSON: Bool { allSatisfy(\.isJSONWhitespace) }

    /// The first byte that isn't JSON white space.
    package var firstNonBlank: UInt8? { first { !$0.isJSONWhitespace } }
}

extension Slice<UnsafeRawBufferPointer> {
    /// White space and at most the one `[` that opens the array.
    package var isBlankJSONOrBracket: Bool { filter { !$0.isJSONWhitespace } == [UInt8(ascii: "[")] }
}
