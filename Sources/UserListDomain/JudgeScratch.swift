/// What one reading thread keeps from record to record while a ``RecordJudge`` decides them: a
/// buffer to fold text into, whatever the judge memoises for itself (made by the judge on
/// the thread's first record, and never seen by another thread, so it needs no lock), and the
/// slab the thread writes its records' rows into.
@_spi(Pipeline) public struct JudgeScratch {
    public var bytes: [UInt8]
    public var memo: AnyObject?
    /// Where ``appendRow(maximumCount:_:)`` writes; a new one when a row doesn't fit.
    @usableFromInline var rows: EncodedRows?
    /// A slab's size: a few thousand rows, so a slab costs one allocation per batch or so.
    @usableFromInline static let slabSize = 256 << 10

    @inlinable public init() {
        bytes = []
        bytes.reserveCapacity(256)
        memo = nil
        rows = nil
    }

    /// A row of at most `maximumCount` bytes, written by `write` (which returns how many it
    /// wrote) into this thread's slab.
    @inlinable public mutating func appendRow(maximumCount: Int, _ write: (UnsafeMutableRawPointer) -> Int) -> EncodedRow {
        if rows == nil || rows!.room < maximumCount { rows = EncodedRows(capacity: max(Self.slabSize, maximumCount)) }
        return rows!.append(maximumCount: maximumCount, write)
    }
}
