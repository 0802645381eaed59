@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListInput
@_spi(Pipeline) import UserListJSON
/// Reads single lines of an input, each on its own, as a distributed engine hands them over
/// (Spark's `textFile`, Hadoop Streaming): the map stage of `userlist stage` gets a line, the name of
/// the input it came from and its number there, and needs the records a single run would have
/// read from it, with the same places in messages.
///
/// A line is read as a stretch of its input that starts at that line, so a syntax error or a
/// skipped record is reported at the line and column a single run gives. Each line must hold
/// whole documents (NDJSON): a document that goes on past its line's end is an error here, where
/// a single run would read on into the next line; the engine's split of the input can't be
/// allowed to decide whether a run succeeds.
public struct LineReader {
    private var parser: ChunkParser

    /// What one line held.
    public struct Records {
        /// Its records in order, as batches (a line bigger than simdjson's batch takes several).
        public var batches: [RecordBatch] = []
        /// Whether the line held any document (a blank line holds none).
        public var hadDocuments = false
        /// The last document's word that more pages follow (see ``PayloadShape/morePages(in:)``).
        public var morePages: String?
        /// The error that stops a single run in this line (bad JSON without `--skip-bad-json`, a
        /// document with no users, `--jq`): ``batches`` are the records before it, which one run
        /// takes in before stopping.
        public var error: UserlistError?
    }

    /// - Parameters: as ``UserGateway``'s: the fields to build, `--users-at`, `--jq`, `--skip-bad-json`,
    ///   the mapping's options (`--include-non-people`, `--base-url`), and what decides records
    ///   from their keys (``RecordJudge``: a native record then comes as `.keyed`, its user built
    ///   only if asked, ``RecordBatch/materialize(record:)``).
    @_spi(Pipeline) public init(fields: FieldSet, usersAt: UsersAtPath? = nil, preTransform: JQDocumentTransform? = nil, skipBadJSON: Bool = false,
                mappingOptions: MappingOptions = MappingOptions(), judge: (any RecordJudge)?) {
        self.init(fields: fields, usersAt: usersAt, preTransform: preTransform, skipBadJSON: skipBadJSON, mappingOptions: mappingOptions)
        parser.judge = judge
    }

    /// - Parameters: as ``UserGateway``'s: the fields to build, `--users-at`, `--jq`, `--skip-bad-json`,
    ///   and the mapping's options (`--include-non-people`, `--base-url`).
    public init(fields: FieldSet, usersAt: UsersAtPath? = nil, preTransform: JQDocumentTransform? = nil, skipBadJSON: Bool = false,
                mappingOptions: MappingOptions = MappingOptions()) {
        var shapes: [any PayloadShape] = usersAt.map { [ExplicitPathShape(path: $0)] } ?? PayloadShapes.all
        // Configured once per stage process, as a single run configures them once per run.
        if mappingOptions != MappingOptions() { shapes = shapes.map { $0.configured(mappingOptions) } }
        parser = ChunkParser(shapes: shapes, transform: preTransform, fields: fields)
        parser.skipBadJSON = skipBadJSON
        parser.layout = .lines
    }

    /// The records of `line` (without its line break), line `number` of input `name`, and the
    /// error where a single run stops in it (``Records/error``).
    ///
    /// The line is read with the line break that ends it in its input, as a single run reads it:
    /// an export cut off inside its last document (`{"id":9,"name":"Ann` then a line break) is
    /// "unexpected end of input" at the next line's first column, or a "control character in
    /// string", exactly as one run says. `followedByInput`: the input has more after this line
    /// (one run then says a line cut short is "record cut off at the end of its line").
    public mutating func read(_ line: UnsafeRawBufferPointer, input name: String, number: Int, followedByInput: Bool = false) -> Records {
        parser.followedByInput = followedByInput
        var records = Records()
        var chunk: InputChunk
        if number > 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
            // A UTF-8 byte-order mark inside the input (files joined with `cat`) is an error there,
            // as one run says; alone at the start of a buffer it would pass for the input's own.
            // So it is read after the line break before it.
            chunk = Self.chunk(line, after: UInt8(ascii: "\n"), input: name, line: number - 1)
        } else {
            chunk = Self.chunk(line, input: name, line: number, columnOffset: 0)
        }
        withUnsafeBytes(of: UInt8(ascii: "\n")) { chunk.append($0) }
        if number == 1 { _ = chunk.skipByteOrderMark() }
        do {
            let fields = parser.fields
            _ = try parseToEnd(chunk, input: name, base: 0, followingRewrites: true) { batch, chunk, _ in
                if !batch.documents.isEmpty {
                    records.hadDocuments = true
                    records.morePages = batch.morePages?.warning
                }
                if !batch.records.isEmpty { records.batches.append(batch.finish(chunk: chunk, fields: fields)) }
            }
        } catch {
            records.error = error
        }
        return records
    }

    /// What many lines held: their records, and the line each record came from.
    public struct Lines {
        public var records = Records()
        /// The line of each record, in the order of `records.batches`' records, one after another.
        public var lines: [Int] = []
        /// The last line that held a document (nil: none did); `records.morePages` is its last document's.
        public var lastDocumentLine: Int?
    }

    /// Many whole lines at once, each ending in its line break, the first being line `firstLine`:
    /// the records ``read(_:input:number:)`` gives for
    /// each line, with the line each came from — one parse for thousands of lines, where a parse
    /// a line cost the map stage a chunk, a batch and simdjson's stream set-up per line (a quarter
    /// of its time on 200k users).
    ///
    /// Nil when only line-by-line reading can say (the bytes were rewritten: `--jq`, a number too
    /// big for a double); throws where a line's read would. Either way the caller reads the lines
    /// again one at a time, which gives the error its exact place and keeps the records before it.
    /// A line after the first must not start with a byte-order mark (``read(_:input:number:)``
    /// reads it as an error after the line break before it). `followedByInput`: as for one line,
    /// of the last one. `newlines`: how many line breaks `region` holds, when the caller counted
    /// them (``documentLines(_:in:newlines:)``).
    public mutating func read(lines region: UnsafeRawBufferPointer, input name: String, firstLine: Int, newlines: Int? = nil, followedByInput: Bool = false) throws(UserlistError) -> Lines? {
        parser.followedByInput = followedByInput
        var result = Lines()
        let chunk = Self.chunk(region, input: name, line: firstLine, columnOffset: 0)
        // Where the chunk's bytes start in `region`: documents' offsets are the chunk's.
        let base = firstLine == 1 ? chunk.skipByteOrderMark() : 0
        // Each document's offset in `region` and how many records it gave, for its line after the parse.
        var documentOffsets: [Int] = []
        var documentRecords: [Int] = []
        let fields = parser.fields
        let read = try parseToEnd(chunk, input: name, base: base, followingRewrites: false) { batch, chunk, base in
            let documents = batch.documents
            for (index, document) in documents.enumerated() {
                let end = index + 1 < documents.count ? documents[index + 1].firstRecord : batch.records.count
                documentOffsets.append(base + document.offset)
                documentRecords.append(end - document.firstRecord)
            }
            if !documents.isEmpty { result.records.morePages = batch.morePages?.warning }
            if !batch.records.isEmpty { result.records.batches.append(batch.finish(chunk: chunk, fields: fields)) }
        }
        guard read else { return nil }
        let lines = Self.documentLines(documentOffsets, in: region, newlines: newlines)
        for (line, records) in zip(lines, documentRecords) { result.lines += repeatElement(firstLine + line, count: records) }
        result.lastDocumentLine = lines.last.map { firstLine + $0 }
        result.records.hadDocuments = result.lastDocumentLine != nil
        return result
    }

    /// Each document's line in `region` (0 for its first), by its offset. One document a line —
    /// as many documents as `region`'s `newlines`, each after the first right after a line break,
    /// the region ending in one — leaves no line break anywhere else, so document k is on line k
    /// without reading the bytes again (counting them was ~2% of a page's map stage, which had
    /// counted them once already). Otherwise the line breaks before each document are counted.
    static func documentLines(_ offsets: [Int], in region: UnsafeRawBufferPointer, newlines: Int?) -> [Int] {
        let newline = UInt8(ascii: "\n")
        if newlines == offsets.count, region.last == newline,
           offsets.dropFirst().allSatisfy({ $0 > 0 && region[$0 - 1] == newline }) {
            return Array(offsets.indices)
        }
        var lines: [Int] = []
        lines.reserveCapacity(offsets.count)
        var line = 0
        var counted = 0
        for offset in offsets {
            if offset > counted {
                line += TextPosition.countNewlines(in: UnsafeRawBufferPointer(rebasing: region[counted..<offset]))
                counted = offset
            }
            lines.append(line)
        }
        return lines
    }

    /// Parses `chunk` to its end, batch after batch, handing each parsed batch to `parsed` with
    /// its chunk and where that chunk starts in the bytes first given (`base` for the first): what
    /// simdjson leaves of a document bigger than its batch is read on as a chunk of its own. On an
    /// error, the records before it are handed on first.
    /// False when the parser rewrote the bytes (`--jq`, a number too big for a double) and
    /// `followingRewrites` is false: the caller then can't map documents back to its lines.
    private mutating func parseToEnd(
        _ first: InputChunk, input name: String, base firstBase: Int, followingRewrites: Bool,
        _ parsed: (inout BatchBuilder, InputChunk, Int) -> Void
    ) throws(UserlistError) -> Bool {
        var chunk = first
        var base = firstBase
        while !chunk.bytes.isBlankJSON {
            var batch = BatchBuilder()
            let bytes = chunk.bytes
            let result: ChunkParser.RegionResult
            do {
                result = try parser.parse(bytes, of: chunk, atEnd: true, into: &batch)
            } catch {
                parsed(&batch, chunk, base)
                throw error
            }
            switch result {
            case .reread(let rewritten):
                guard followingRewrites else { return false }
                chunk = rewritten
            case .needMoreInput:
                throw parser.incompleteDocument(in: bytes, of: chunk)
            case .retryWithBiggerBatch(let unparsed), .parsed(let unparsed):
                parsed(&batch, chunk, base)
                let keepFrom = bytes.count - unparsed
                let (lineNumber, column) = chunk.position(after: keepFrom)
                base += keepFrom
                chunk = Self.chunk(UnsafeRawBufferPointer(rebasing: bytes[keepFrom...]), input: name, line: lineNumber, columnOffset: column)
            }
        }
        return true
    }

    /// A chunk holding `bytes`, at `line` and `columnOffset` of input `name`. Sizes are rounded up
    /// to a power of two so the storage pool reuses buffers across lines.
    private static func chunk(_ bytes: UnsafeRawBufferPointer, after first: UInt8? = nil, input name: String, line: Int, columnOffset: Int = 0) -> InputChunk {
        var capacity = 1 << 12
        while capacity < bytes.count + 2 { capacity <<= 1 }
        let chunk = InputChunk(inputName: name, capacity: capacity, firstLine: line, firstColumnOffset: columnOffset)
        if let first { withUnsafeBytes(of: first) { chunk.append($0) } }
        chunk.append(bytes)
        return chunk
    }
}
