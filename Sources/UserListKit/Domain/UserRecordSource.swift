/// Where users come from: the seam between the Service and the Gateway.
///
/// The Gateway implements it over files and standard input; tests implement it with fixed batches.
public protocol UserRecordSource {
    /// Reads every input in order and hands each batch of records to `consume`.
    ///
    /// Throws ``UserlistError`` for input that stops the run (unreadable file, JSON syntax error,
    /// a document with no users).
    func readRecords(_ consume: (RecordBatch) throws -> Void) throws
}
