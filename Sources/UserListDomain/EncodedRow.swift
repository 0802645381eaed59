/// One output row as bytes (a CSV or NDJSON line, a JSON array element), encoded on a reading
/// thread: a range of a buffer other rows share (``EncodedRows``), so a row costs no allocation
/// of its own.
public struct EncodedRow: Sendable {
    public let storage: EncodedRows
    @usableFromInline package let start: Int32
    @usableFromInline package let count: Int32

    public init(storage: EncodedRows, range: Range<Int>) {
        precondition(range.upperBound <= storage.count, "a row lies in its storage's written bytes")
        self.storage = storage
        start = Int32(range.lowerBound)
        count = Int32(range.count)
    }

    /// `body` with the row's bytes; what `body` throws, typed, comes out as it is.
    @inlinable public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: storage.base + Int(start), count: Int(count)))
    }
}
