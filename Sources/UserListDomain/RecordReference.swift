/// One record of a batch, kept to locate it (and read its text) later: for a user `--where`
/// failed on, reported after dedupe, far from where it was read.
public struct RecordReference: Sendable {
    public let batch: RecordBatch
    public let index: Int

    public init(batch: RecordBatch, index: Int) {
        self.batch = batch
        self.index = index
    }

    public var location: SourceLocation { batch.location(ofRecord: index) }
}
