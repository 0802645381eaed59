import UserListDomain
@_spi(Pipeline) import UserListInput
@_spi(Pipeline) import UserListJSON
/// Collects one chunk's records, and enough about their documents to locate any record later.
struct BatchBuilder {
    /// A document of the chunk: where it starts, where its records are, and the first one's index.
    /// Plain data (its path an index into ``paths``): an NDJSON chunk has a document a line, and
    /// a path array in each cost a release per line when the batch went (W1 on 50k users: ~6M).
    struct Document: Sendable {
        var offset: Int
        /// Where its path is in ``paths``; -1: the document's root.
        var pathIndex: Int32
        var isArray: Bool
        /// Records came from a `--jq` output: the path is in that output, not in the input.
        var transformed: Bool
        var firstRecord: Int
        /// Not JSON (skipped with `--skip-bad-json`): its text is these bytes from `textStart`.
        var malformed: Range<Int>? = nil
    }

    var records: [SourceRecord] = []
    private(set) var documents: [Document] = []
    /// The paths of documents that are not their input's root (`--users-at`, array elements).
    private(set) var paths: [[JSONPathComponent]] = []
    /// The last document's word that more pages follow (see ``PayloadShape/morePages(in:)``).
    var morePages: PagingNote?

    /// How far the batch had got: a pass that fails is undone back to it, in place (copying the
    /// batch before each pass, as `--skip-bad-json` first did, made a dirty chunk quadratic).
    struct Mark {
        fileprivate let records: Int
        fileprivate let documents: Int
        fileprivate let paths: Int
        fileprivate let morePages: PagingNote?
    }

    /// Room for about `expectedRecords` records and documents: growing the arrays a line at a
    /// time copied them ~15 times a chunk (W1 on 50k users: ~9M instructions of memcpy).
    init(expectedRecords: Int = 0) {
        records.reserveCapacity(expectedRecords)
        documents.reserveCapacity(expectedRecords)
    }

    var mark: Mark { Mark(records: records.count, documents: documents.count, paths: paths.count, morePages: morePages) }

    mutating func rollBack(to mark: Mark) {
        records.removeSubrange(mark.records...)
        documents.removeSubrange(mark.documents...)
        paths.removeSubrange(mark.paths...)
        morePages = mark.morePages
    }

    /// Drops the documents that start at `offset` or after it, and their records: a document
    /// that failed part-way (a `--jq` output after good ones) leaves nothing behind. Documents
    /// are in input order (their offsets the chunk's); asked only on the way to an error, so
    /// the per-document path keeps no mark.
    mutating func dropDocuments(from offset: Int) {
        var first = documents.count
        while first > 0, documents[first - 1].offset >= offset { first -= 1 }
        guard first < documents.count else { return }
        records.removeSubrange(documents[first].firstRecord...)
        if let path = documents[first...].first(where: { $0.pathIndex >= 0 })?.pathIndex { paths.removeSubrange(Int(path)...) }
        documents.removeSubrange(first...)
    }

    mutating func startDocument(at offset: Int, path: [JSONPathComponent], isArray: Bool, transformed: Bool) {
        var pathIndex: Int32 = -1
        if !path.isEmpty {
            pathIndex = Int32(paths.count)
            paths.append(path)
        }
        documents.append(Document(offset: offset, pathIndex: pathIndex, isArray: isArray, transformed: transformed, firstRecord: records.count))
    }

    /// A stretch of text that is not JSON, skipped (`--skip-bad-json`): one unusable record,
    /// located where it starts, whose text is `text`.
    mutating func addMalformed(at offset: Int, text: Range<Int>, message: String) {
        documents.append(Document(offset: offset, pathIndex: -1, isArray: false, transformed: false, firstRecord: records.count, malformed: text))
        records.append(.malformed(reason: "invalid JSON: \(message)"))
    }

    /// The batch, with a locator that reads positions from `chunk`, which it keeps alive; a
    /// keyed record is built again from its text with `fields` (``RecordBatch/materialize(record:)``).
    /// The records move into the batch (the builder keeps none): its consumer then moves each
    /// out once (``RecordBatch/takeRecords()``) instead of copying it.
    mutating func finish(chunk: InputChunk, fields: FieldSet = .all) -> RecordBatch {
        let records = self.records
        self.records = []
        let documents = self.documents
        let paths = self.paths
        // The last document that starts at or before record `index`, and the record's path in it.
        @Sendable func documentIndex(of index: Int) -> Int {
            var low = 0, high = documents.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if documents[mid].firstRecord <= index { low = mid } else { high = mid - 1 }
            }
            return low
        }
        @Sendable func document(of index: Int) -> (Document, [JSONPathComponent]) {
            let document = documents[documentIndex(of: index)]
            let path = document.pathIndex < 0 ? [] : paths[Int(document.pathIndex)]
            return (document, document.isArray ? path + [.index(index - document.firstRecord)] : path)
        }
        let text: @Sendable (Int) -> RecordText? = { index in
            let (document, path) = document(of: index)
            if let malformed = document.malformed {
                var text = Array(chunk.bytes[malformed])
                while let last = text.last, last == 0x0A || last == 0x0D { text.removeLast() }
                return .raw(String(decoding: text, as: UTF8.self))
            }
            guard !document.transformed, let offset = JSONPathLocator.offset(of: path, inDocumentAt: document.offset, in: chunk.bytes) else { return nil }
            return JSONValueText.compacted(at: offset, in: chunk.bytes).map(RecordText.json)
        }
        // The same places for many records: each document's records found in one pass over it,
        // and the characters before them counted once across the chunk.
        let locateMany: @Sendable ([Int]) -> [SourceLocation] = { indices in
            var offsets = [Int](repeating: 0, count: indices.count)
            var paths = [String?](repeating: nil, count: indices.count)
            var byDocument: [Int: [(slot: Int, path: [JSONPathComponent])]] = [:]
            for (slot, index) in indices.enumerated() {
                let (document, path) = document(of: index)
                offsets[slot] = document.offset
                if document.transformed {
                    paths[slot] = "(--jq output)" + JSONPathLocator.describe(path)
                } else if document.malformed == nil, path.isEmpty {
                    // A record that is its document (an export's line): the document's first
                    // byte, with no lookup — the map stage asks for every user's place under
                    // `--where`, and the lookup was 14% of it (200k users).
                    let bytes = chunk.bytes
                    var offset = document.offset
                    while offset < bytes.count, bytes[offset].isJSONWhitespace { offset += 1 }
                    if offset < bytes.count { offsets[slot] = offset }
                    paths[slot] = "."
                } else if document.malformed == nil {
                    paths[slot] = JSONPathLocator.describe(path)
                    byDocument[document.offset, default: []].append((slot, path))
                }
            }
            for (start, wanted) in byDocument {
                let found = JSONPathLocator.offsets(of: wanted.map(\.path), inDocumentAt: start, in: chunk.bytes)
                for (entry, offset) in zip(wanted, found) { offsets[entry.slot] = offset ?? start }
            }
            return chunk.locations(ofOffsets: offsets, paths: paths)
        }
        return RecordBatch(records: records, locator: { index in
            let (document, path) = document(of: index)
            if document.transformed {
                return chunk.location(ofOffset: document.offset, path: "(--jq output)" + JSONPathLocator.describe(path))
            }
            if document.malformed != nil { return chunk.location(ofOffset: document.offset) }
            let offset = JSONPathLocator.offset(of: path, inDocumentAt: document.offset, in: chunk.bytes) ?? document.offset
            return chunk.location(ofOffset: offset, path: JSONPathLocator.describe(path))
        }, text: text, locateMany: locateMany, materialize: { index in
            let at = documentIndex(of: index)
            let document = documents[at]
            if !document.isArray, document.pathIndex < 0, !document.transformed, document.malformed == nil {
                // A record that is its document (an export's line): parsed again from the bytes
                // up to the next document, as they are. Compacting its text first cost ~23k
                // instructions a record (W1 on 50k users builds ~400: 9.4M of 724M).
                // (Bytes skipped as bad JSON after it that fail the parse fall back to its text.)
                let end = at + 1 < documents.count ? documents[at + 1].offset : chunk.bytes.count
                if let record = RecordMaterializer.shared.map(UnsafeRawBufferPointer(rebasing: chunk.bytes[document.offset..<end]), fields: fields) {
                    return record
                }
            }
            guard case .json(var json)? = text(index) else { return nil }
            return json.withUTF8 { RecordMaterializer.shared.map(UnsafeRawBufferPointer($0), fields: fields) }
        })
    }
}
