/// The bytes of encoded rows: a batch's, made whole at once, or a slab a reading thread appends
/// rows to as it decides records (``append(maximumCount:_:)``), never moved once written.
///
/// A slab lets a record's row be written where it is decided and handed on as a range: a row
/// written into an array of its own, then copied into its batch's, cost an allocation and a
/// second pass per row (W3 on 50k users: ~60M of 1,132M instructions). Only the thread that
/// made it appends, and only before the rows are handed over (through the batch queue, which
/// orders the writes before any read); after that the written bytes are only read.
public final class EncodedRows: @unchecked Sendable {
    public let base: UnsafeMutableRawPointer
    public let capacity: Int
    public private(set) var count = 0

    /// A copy of `bytes`, all written.
    public init(_ bytes: [UInt8]) {
        capacity = bytes.count
        base = .allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { if let source = $0.baseAddress { base.copyMemory(from: source, byteCount: $0.count) } }
        count = bytes.count
    }

    /// An empty slab of `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(byteCount: max(capacity, 1), alignment: 8)
    }

    deinit { base.deallocate() }

    /// Bytes left to append.
    @inlinable public var room: Int { capacity - count }

    /// Appends a row of at most `maximumCount` bytes (``room`` at least): `write` writes it at
    /// the pointer given and returns how many bytes it wrote.
    @inlinable public func append(maximumCount: Int, _ write: (UnsafeMutableRawPointer) -> Int) -> EncodedRow {
        precondition(maximumCount <= room, "a row fits the room left")
        let start = count
        let written = write(base + start)
        precondition(written <= maximumCount, "a row is no longer than its bound")
        commit(written)
        return EncodedRow(storage: self, range: start..<(start + written))
    }

    @usableFromInline func commit(_ written: Int) { count += written }
}
