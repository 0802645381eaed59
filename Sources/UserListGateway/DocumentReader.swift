import UserListDomain
@_spi(Pipeline) import UserListInput
@_spi(Pipeline) import UserListJSON
/// Reads one input's documents chunk by chunk, in order, on the calling thread, and decodes their
/// user records: the path for everything ``ParallelReader`` can't split (one document bigger
/// than a chunk, pretty-printed documents across chunks, `--jq`, `--explain`).
struct DocumentReader {
    let input: InputReader
    var parser: ChunkParser
    /// The last document's word that more pages follow (see ``PayloadShape/morePages(in:)``).
    var morePages: PagingNote?

    init(input: InputReader, parser: ChunkParser, morePages: PagingNote? = nil) {
        self.input = input
        self.parser = parser
        self.morePages = morePages
    }

    /// Reads every document, then says whether the last one wanted more pages.
    mutating func read(_ consume: (RecordBatch) throws(UserlistError) -> Void) throws(UserlistError) {
        let first = try input.firstChunk()
        parser.explanation?.layout(input: input.name, input.layout ?? .pretty)
        try read(from: first, consume)
        try reportMorePages(consume)
    }

    /// When the last document says more pages follow, that is reported once at the end: a saved
    /// export of every page ends with a last page, which says nothing. Where the next page is (the
    /// last document's word, else its HTTP response's `Link` header) goes to the paging report.
    func reportMorePages(_ consume: (RecordBatch) throws(UserlistError) -> Void) throws(UserlistError) {
        input.paging?.inputEnded(input.name, next: morePages?.next ?? input.response?.nextLink.map { NextPage(value: $0, source: "Link header") })
        guard let warning = morePages?.warning else { return }
        let name = input.name
        var note = RecordBatch(records: []) { _ in SourceLocation(input: name, line: 1, column: 1) }
        note.notes = ["\(name): \(warning), but the input ends here: only the users read are listed"]
        try consume(note)
    }

    /// Reads the documents from `first` on (a chunk of this input) to the input's end.
    mutating func read(from first: InputChunk, _ consume: (RecordBatch) throws(UserlistError) -> Void) throws(UserlistError) {
        var chunk = first
        parser.layout = input.layout ?? .pretty
        while true {
            let atEnd = input.reachedEnd
            if chunk.bytes.isBlankJSON {
                if atEnd { return }
                // White space between documents is dropped, not kept to grow the next chunk: a
                // gigabyte of spaces (1 MB gzipped) took 2 GB and minutes, doubling the chunk.
                chunk = try input.nextChunk(after: chunk, keepFrom: chunk.count)
                continue
            }
            // A chunk must never end inside a number or literal (see `safeRegionEnd`).
            let regionEnd = atEnd ? chunk.count : chunk.safeRegionEnd
            let region = UnsafeRawBufferPointer(rebasing: chunk.bytes[..<regionEnd])
            var batch = BatchBuilder()
            let parsed: ChunkParser.RegionResult
            do {
                parsed = try parser.parse(region, of: chunk, atEnd: atEnd, into: &batch)
            } catch {
                // The records before the error are taken in first (their rows, their rejects).
                if !batch.records.isEmpty { try consume(batch.finish(chunk: chunk, fields: parser.fields)) }
                throw error
            }
            switch parsed {
            case .reread(let rewritten):
                chunk = rewritten
            case .needMoreInput:
                if atEnd { throw parser.incompleteDocument(in: region, of: chunk) }
                if !parser.skipBadJSON, let error = parser.errorBeforeGrowing(chunk.bytes, of: chunk) { throw error }
                chunk = try input.nextChunk(after: chunk, keepFrom: 0, grow: true)
            case .retryWithBiggerBatch(let unparsed), .parsed(let unparsed):
                if !batch.documents.isEmpty { morePages = batch.morePages }
                if !batch.records.isEmpty { try consume(batch.finish(chunk: chunk, fields: parser.fields)) }
                let keepFrom = regionEnd - unparsed
                if atEnd, UnsafeRawBufferPointer(rebasing: chunk.bytes[keepFrom...]).isBlankJSON { return }
                chunk = try input.nextChunk(after: chunk, keepFrom: keepFrom)
            }
        }
    }
}
