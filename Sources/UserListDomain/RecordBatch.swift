/// Records decoded from one stretch of input, in input order.
///
/// A batch keeps the input bytes behind it, so its consumer can ask where a record came from
/// (a slow path, used only to report a bad record). Batches cross from the Gateway's reading
/// thread to the consumer's, hence `Sendable`.
public struct RecordBatch: Sendable {
    public var records: [SourceRecord]
    /// Things the consumer should tell the user about this stretch of input (not about a record).
    public var notes: [String] = []
    private let locator: @Sendable (Int) -> SourceLocation
    private let texter: (@Sendable (Int) -> RecordText?)?
    private let manyLocator: (@Sendable ([Int]) -> [SourceLocation])?

    /// `locateMany`, when given, finds many records' places in one pass (see ``locations(ofRecords:)``).
    public init(
        records: [SourceRecord], locator: @escaping @Sendable (Int) -> SourceLocation, text: (@Sendable (Int) -> RecordText?)? = nil,
        locateMany: (@Sendable ([Int]) -> [SourceLocation])? = nil
    ) {
        self.records = records
        self.locator = locator
        self.texter = text
        self.manyLocator = locateMany
    }

    /// Where record `index` of this batch starts in its input.
    public func location(ofRecord index: Int) -> SourceLocation { locator(index) }

    /// Where each of the records at `indices` starts. Asking for them one at a time re-reads a
    /// document from its start for each of its records, which is quadratic for a line holding
    /// thousands of users; the batch's source can do them all in one pass.
    public func locations(ofRecords indices: [Int]) -> [SourceLocation] {
        manyLocator?(indices) ?? indices.map(locator)
    }

    /// Record `index` as the input had it, for `--rejects` (a slow path, like ``location(ofRecord:)``).
    public func text(ofRecord index: Int) -> RecordText? { texter?(index) }
}

/// A record's text in its input: its JSON (compacted), or the raw text of a document that was not JSON.
public enum RecordText: Hashable, Sendable {
    case json(String)
    case raw(String)
}
