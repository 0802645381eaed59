/// One output row as bytes (a CSV or NDJSON line, a JSON array element), encoded on a reading
/// thread: a range of a buffer other rows share (``EncodedRows``), so a row costs no allocation
/// of its own.
///
/// Its place is two `Int`s: a slab grows to hold a row of any size (a bio of hundreds of MB, its
/// bound as escaped JSON six times that), and 32-bit offsets would trap past 2 GiB.
public struct EncodedRow: Sendable {
    public let storage: EncodedRows
    @usableFromInline package let start: Int
    @usableFromInline package let count: Int

    public init(storage: EncodedRows, range: Range<Int>) {
        precondition(range.upperBound <= storage.count, "a row lies in its storage's written bytes")
        self.storage = storage
        start = range.lowerBound
        count = range.count
    }

    @inlinable public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.base + start, count: count))
    }
}
