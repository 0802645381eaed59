import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Collects one chunk's records, and enough about their documents to locate any record later.
struct BatchBuilder {
    /// A document of the chunk: where it starts, where its records are, and the first one's index.
    struct Document: Sendable {
        var offset: Int
        var path: [JSONPathComponent]
        var isArray: Bool
        /// Records came from a `--jq` output: the path is in that output, not in the input.
        var transformed: Bool
        var firstRecord: Int
    }

    var records: [SourceRecord] = []
    private(set) var documents: [Document] = []
    /// The last document's word that more pages follow (see ``PayloadShape/morePages(in:)``).
    var morePages: String?

    mutating func startDocument(at offset: Int, path: [JSONPathComponent], isArray: Bool, transformed: Bool) {
        documents.append(Document(offset: offset, path: path, isArray: isArray, transformed: transformed, firstRecord: records.count))
    }

    /// The batch, with a locator that reads positions from `chunk`, which it keeps alive.
    func finish(chunk: InputChunk) -> RecordBatch {
        let documents = self.documents
        return RecordBatch(records: records) { index in
            // The last document that starts at or before this record.
            var low = 0, high = documents.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if documents[mid].firstRecord <= index { low = mid } else { high = mid - 1 }
            }
            let document = documents[low]
            let path = document.isArray ? document.path + [.index(index - document.firstRecord)] : document.path
            if document.transformed {
                return chunk.location(ofOffset: document.offset, path: "(--jq output)" + JSONPathLocator.describe(path))
            }
            let offset = JSONPathLocator.offset(of: path, inDocumentAt: document.offset, in: chunk.bytes) ?? document.offset
            return chunk.location(ofOffset: offset, path: JSONPathLocator.describe(path))
        }
    }
}
