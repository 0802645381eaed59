/// Where users come from: the seam between the Service and the Gateway.
///
/// The Gateway implements it over files and standard input; tests implement it with fixed batches.
public protocol UserRecordSource {
    /// Reads every input in order and hands each batch of records to `consume`.
    ///
    /// Throws ``UserlistError`` for input that stops the run (unreadable file, JSON syntax error,
    /// a document with no users), or what `consume` threw, as it threw it.
    func readRecords(_ consume: (RecordBatch) throws(UserlistError) -> Void) throws(UserlistError)

    /// The same batches, each passed through `prepare` as soon as it is decoded — a source may do
    /// that on several threads at once — and handed to `consume` in input order.
    func readRecords<Prepared: Sendable>(prepare: @escaping @Sendable (RecordBatch) -> Prepared, _ consume: (Prepared) throws(UserlistError) -> Void) throws(UserlistError)
}

extension UserRecordSource {
    public func readRecords<Prepared: Sendable>(prepare: @escaping @Sendable (RecordBatch) -> Prepared, _ consume: (Prepared) throws(UserlistError) -> Void) throws(UserlistError) {
        try readRecords { batch throws(UserlistError) in try consume(prepare(batch)) }
    }
}
