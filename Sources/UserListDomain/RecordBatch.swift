/// Records decoded from one stretch of input, in input order.
///
/// A batch keeps the input bytes behind it, so its consumer can ask where a record came from
/// (a slow path, used only to report a bad record). Batches cross from the Gateway's reading
/// thread to the consumer's, hence `Sendable`.
public struct RecordBatch: Sendable {
    public var records: [SourceRecord] {
        get { store.records }
        set { store = RecordStore(newValue) }
    }
    /// The records, in a box that ``takeRecords()`` can empty: the consumer that maps each
    /// record once moves them out instead of copying each (and destroying it again with the
    /// batch): W1 on 50k users, one thread, ~2% of its instructions.
    private var store: RecordStore

    private final class RecordStore: @unchecked Sendable {
        var records: [SourceRecord]
        init(_ records: [SourceRecord]) { self.records = records }
    }

    /// The records, moved out: every copy of this batch holds none after (its places, texts and
    /// notes stay). For the one consumer of a batch, on its thread, before the batch is shared.
    @_spi(Pipeline) public func takeRecords() -> [SourceRecord] {
        let taken = store.records
        store.records = []
        return taken
    }
    /// Things the consumer should tell the user about this stretch of input (not about a record).
    public var notes: [String] = []
    /// What finds, reads and builds records again: one reference, so a ``RecordReference`` (kept
    /// for every user still to be built) is 32 bytes and one retain, not five closures' worth.
    private let source: Source

    private final class Source: Sendable {
        let locator: @Sendable (Int) -> SourceLocation
        let texter: (@Sendable (Int) -> RecordText?)?
        let manyLocator: (@Sendable ([Int]) -> [SourceLocation])?
        let materializer: (@Sendable (Int) -> SourceRecord?)?

        init(locator: @escaping @Sendable (Int) -> SourceLocation, texter: (@Sendable (Int) -> RecordText?)?, manyLocator: (@Sendable ([Int]) -> [SourceLocation])?, materializer: (@Sendable (Int) -> SourceRecord?)?) {
            self.locator = locator
            self.texter = texter
            self.manyLocator = manyLocator
            self.materializer = materializer
        }
    }

    /// `locateMany`, when given, finds many records' places in one pass (see ``locations(ofRecords:)``).
    public init(
        records: [SourceRecord], locator: @escaping @Sendable (Int) -> SourceLocation, text: (@Sendable (Int) -> RecordText?)? = nil,
        locateMany: (@Sendable ([Int]) -> [SourceLocation])? = nil, materialize: (@Sendable (Int) -> SourceRecord?)? = nil
    ) {
        store = RecordStore(records)
        source = Source(locator: locator, texter: text, manyLocator: locateMany, materializer: materialize)
    }

    /// Where record `index` of this batch starts in its input.
    public func location(ofRecord index: Int) -> SourceLocation { source.locator(index) }

    /// Where each of the records at `indices` starts. Asking for them one at a time re-reads a
    /// document from its start for each of its records, which is quadratic for a line holding
    /// thousands of users; the batch's source can do them all in one pass.
    public func locations(ofRecords indices: [Int]) -> [SourceLocation] {
        source.manyLocator?(indices) ?? indices.map(source.locator)
    }

    /// Record `index` read again from its text and mapped whole: the user of a ``SourceRecord/keyed(_:)``
    /// record that the run keeps (a slow path: a handful of records in a run that prints a page).
    public func materialize(record index: Int) -> SourceRecord? { source.materializer?(index) }

    /// Record `index` as the input had it, for `--rejects` (a slow path, like ``location(ofRecord:)``).
    public func text(ofRecord index: Int) -> RecordText? { source.texter?(index) }
}

/// A record's text in its input: its JSON (compacted), or the raw text of a document that was not JSON.
public enum RecordText: Hashable, Sendable {
    case json(String)
    case raw(String)
}
