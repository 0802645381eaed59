/// What one reading thread keeps from record to record while a ``RecordJudge`` decides them: a
/// buffer to fold text into, and whatever the judge memoises for itself (made by the judge on
/// the thread's first record, and never seen by another thread, so it needs no lock).
@_spi(Pipeline) public struct JudgeScratch {
    public var bytes: [UInt8]
    public var memo: AnyObject?

    @inlinable public init() {
        bytes = []
        bytes.reserveCapacity(256)
        memo = nil
    }
}
