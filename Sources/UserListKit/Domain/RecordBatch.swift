/// Records decoded from one stretch of input, in input order.
///
/// A batch is handed to its consumer while the input bytes behind it are still in memory, so the
/// consumer can ask where a record came from (a slow path, used only to report a bad record).
/// Don't keep a batch after the call that received it returns.
public struct RecordBatch {
    public var records: [SourceRecord]
    private let locator: (Int) -> SourceLocation

    public init(records: [SourceRecord], locator: @escaping (Int) -> SourceLocation) {
        self.records = records
        self.locator = locator
    }

    /// Where record `index` of this batch starts in its input.
    public func location(ofRecord index: Int) -> SourceLocation { locator(index) }
}
