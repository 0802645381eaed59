import UserListDomain
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListInput
@_spi(Pipeline) import UserListJSON
import Foundation

/// Reads inputs on every core: each chunk is split at its last line break and parsed, mapped and
/// prepared by a pool of workers while the next chunks are read; results are handed on in input
/// order.
///
/// Splitting at a line break is a guess that a document ends there, right for NDJSON and for
/// one-line documents one after another. Each chunk's parse says whether the guess held (it
/// parsed to the very end of its region); when it did not (a pretty-printed document across the
/// break, one document bigger than a chunk), the chunks read ahead are given back to the input
/// and the rest of it is read in order by ``DocumentReader`` — the guessed parses are dropped,
/// errors included, so a wrong guess costs time, never a wrong answer.
struct ParallelReader<Prepared: Sendable> {
    let inputs: [InputSource]
    let chunkSize: Int
    let shapes: [any PayloadShape]
    let fields: FieldSet
    let workers: Int
    /// `--skip-bad-json` (see ``ChunkParser/skipBadJSON``).
    var skipBadJSON = false
    /// Every input's layout, when not each input's own (see ``UserGateway/layout``).
    var layout: InputLayout?
    var progress: ReadProgress?
    var paging: PagingReport?
    /// Decides native records from their keys (see ``ChunkParser/judge``).
    var judge: (any RecordJudge)?
    /// What each worker does with its batch once decoded (the Service's and ViewModel's
    /// per-record work), so that runs in parallel too.
    let prepare: @Sendable (RecordBatch) -> Prepared

    /// A parser as every worker and the in-order reader use it.
    @Sendable func makeParser() -> ChunkParser {
        var parser = ChunkParser(shapes: shapes, transform: nil, fields: fields)
        parser.skipBadJSON = skipBadJSON
        parser.judge = judge
        return parser
    }

    /// Reads every input in order, calling `emit` with each prepared batch in input order.
    func read(_ emit: (Prepared) throws(UserlistError) -> Void) throws(UserlistError) {
        let pool = WorkerPool(count: workers, makeParser: makeParser, prepare: prepare)
        defer { pool.close() }
        for source in inputs {
            let input = try InputReader(source, chunkSize: chunkSize, layout: layout)
            input.progress = progress
            input.paging = paging
            try read(input, pool: pool, emit)
        }
    }

    private func read(_ input: InputReader, pool: WorkerPool<Prepared>, _ emit: (Prepared) throws(UserlistError) -> Void) throws(UserlistError) {
        // Chunks in flight: enough to keep every worker busy while the oldest is handed on.
        let depth = 2 * workers
        var pending: [ChunkJob<Prepared>] = []
        var morePages: PagingNote?
        var chunk = try input.firstChunk()
        var carried = 0
        if !input.reachedEnd, chunk.bytes.firstNonBlank == UInt8(ascii: "["), let mapping = arrayMapping(chunk) {
            // One array bigger than a chunk: its elements are parsed as documents of their own.
            guard let (rest, keepFrom) = try streamArray(input, from: chunk, mapping: mapping, pool: pool, emit) else {
                // The input ends with the array: its HTTP response may still name the next page.
                return try DocumentReader(input: input, parser: makeParser()).reportMorePages { batch throws(UserlistError) in try emit(prepare(batch)) }
            }
            chunk = try input.nextChunk(after: rest, keepFrom: keepFrom)
            carried = rest.count - keepFrom
        } else if !input.reachedEnd, chunk.bytes.firstNonBlank == UInt8(ascii: "{") {
            // Perhaps an envelope bigger than a chunk: its users' array is read the same way.
            switch try streamEnvelope(input, from: chunk, pool: pool, emit) {
            case .small:
                break
            case .rewound:
                chunk = try input.firstChunk()
            case .streamed(let rest, let pages):
                morePages = pages
                guard let (rest, keepFrom) = rest else {
                    return try DocumentReader(input: input, parser: makeParser(), morePages: morePages)
                        .reportMorePages { batch throws(UserlistError) in try emit(prepare(batch)) }
                }
                chunk = try input.nextChunk(after: rest, keepFrom: keepFrom)
                carried = rest.count - keepFrom
            }
        }
        while true {
            let atEnd = input.reachedEnd
            let blank = chunk.bytes.isBlankJSON
            if atEnd, blank { break }
            if blank {
                // A chunk of nothing but white space is dropped, not carried into a chunk twice its
                // size (1 GB of spaces took 2 GB): once the chunks before it parsed to their ends,
                // it is known to lie between documents, not inside a string a guess cut.
                while !pending.isEmpty {
                    if let stop = try settle(pending.removeFirst(), &morePages, emit) {
                        return try finishInOrder(input, from: stop, after: pending, unsubmitted: (chunk, carried), morePages: morePages, emit)
                    }
                }
                chunk = try input.nextChunk(after: chunk, keepFrom: chunk.count)
                carried = 0
                continue
            }
            let job = ChunkJob<Prepared>(chunk: chunk, regionEnd: atEnd ? chunk.count : chunk.safeRegionEnd, atEnd: atEnd, carried: carried, elements: nil, layout: input.layout ?? .pretty)
            pool.submit(job)
            pending.append(job)
            // A chunk that isn't full came from a pipe with nothing more for now: hand on what is
            // read before waiting for more, so a slow stream's lines come out as they arrive.
            let waitForMore = !atEnd && chunk.count < chunk.capacity
            while pending.count > (waitForMore ? 0 : depth) {
                if let stop = try settle(pending.removeFirst(), &morePages, emit) {
                    return try finishInOrder(input, from: stop, after: pending, morePages: morePages, emit)
                }
            }
            if atEnd { break }
            chunk = try input.nextChunk(after: chunk, keepFrom: job.regionEnd)
            carried = job.chunk.count - job.regionEnd
        }
        while !pending.isEmpty {
            if let stop = try settle(pending.removeFirst(), &morePages, emit) {
                return try finishInOrder(input, from: stop, after: pending, morePages: morePages, emit)
            }
        }
        let reader = DocumentReader(input: input, parser: makeParser(), morePages: morePages)
        try reader.reportMorePages { batch throws(UserlistError) in try emit(prepare(batch)) }
    }

    /// The mapping for the elements of the top-level array that starts `chunk`, when detection
    /// gives a shape whose users are the array itself (detection looks at the first element only).
    private func arrayMapping(_ chunk: InputChunk) -> (any RecordMapping)? {
        var scanner = ArrayElementScanner()
        let end: Int
        switch scanner.scan(chunk.bytes, from: 0) {
        case .unexpected: return nil
        case .closed(let closed): end = closed
        case .needMore:
            guard scanner.separators.count >= 2 else { return nil }  // not even one whole element
            end = scanner.separators[1] + 1
        }
        // `[` + the first element + `]`, parsed on its own.
        var text = Array(UnsafeRawBufferPointer(rebasing: chunk.bytes[..<end]))
        text[end - 1] = UInt8(ascii: "]")
        let sample = chunk.replacingBytes(with: text)
        let stream = JSONDocumentStream()
        guard stream.begin(sample.bytes, batchSize: max(1 << 20, text.count)) == nil,
              case .document(let root, _) = stream.next(), root.kind == .array else { return nil }
        for shape in shapes {
            guard let records = shape.userRecords(in: root) else { continue }
            if case .array(_, let path) = records, path.isEmpty { return shape.mapping }
            return nil
        }
        return nil
    }

    /// Reads the top-level array starting `first` element by element: the scanner cuts regions of
    /// whole elements, their commas and brackets become spaces (offsets, so positions, stay), and
    /// workers parse each region as a stream of documents. Returns the chunk and offset where the
    /// input goes on after the array, or nil when the input ended with it.
    func streamArray(
        _ input: InputReader, from first: InputChunk, mapping: any RecordMapping, path: [JSONPathComponent] = [],
        document: SourceLocation? = nil, pool: WorkerPool<Prepared>, _ emit: (Prepared) throws(UserlistError) -> Void
    ) throws(UserlistError) -> (InputChunk, Int)? {
        // Where the document starts (the array, or the envelope holding it): its errors name it.
        let document = document ?? first.location(ofOffset: first.bytes.firstIndex { !$0.isJSONWhitespace } ?? 0)
        var scanner = ArrayElementScanner()
        var chunk = first
        var scanFrom = 0
        var handedOn = 0
        var pending: [ChunkJob<Prepared>] = []
        var morePages: PagingNote?
        func settleOldest() throws(UserlistError) {
            let job = pending.removeFirst()
            if try settle(job, &morePages, emit) != nil {
                throw UserlistError(.data, Diagnostic(.syntax, at: job.chunk.location(ofOffset: 0), "invalid JSON in an array element"))
            }
        }
        func submit(upTo end: Int) throws(UserlistError) {
            guard end > 0 else { return }
            // A chunk's capacity, not the region's: buffers are recycled by size.
            let region = InputChunk(inputName: chunk.inputName, capacity: max(end, chunk.capacity), firstLine: chunk.firstLine, firstColumnOffset: chunk.firstColumnOffset)
            region.append(UnsafeRawBufferPointer(rebasing: chunk.bytes[..<end]))
            let separators = scanner.separators.filter { $0 < end }
            region.blank(separators)
            let job = ChunkJob<Prepared>(chunk: region, regionEnd: end, atEnd: true, carried: 0, elements: ArrayElements(mapping: mapping, path: path, next: handedOn), layout: .pretty, enclosing: document, separators: separators)
            pool.submit(job)
            pending.append(job)
            handedOn = scanner.elementsBeforeCut
            if pending.count > 2 * workers { try settleOldest() }
        }
        while true {
            switch scanner.scan(chunk.bytes, from: scanFrom) {
            case .unexpected:
                throw arrayError(in: chunk, from: scanner.cut, at: scanner.stoppedAt, document: document)
            case .closed(let end):
                try submit(upTo: end)
                while !pending.isEmpty { try settleOldest() }
                if input.reachedEnd, UnsafeRawBufferPointer(rebasing: chunk.bytes[end...]).isBlankJSON { return nil }
                return (chunk, end)
            case .needMore:
                if input.reachedEnd { throw arrayError(in: chunk, from: scanner.cut, at: chunk.count, document: document) }
                let cut = scanner.cut
                try submit(upTo: cut)
                let scanned = chunk.count
                // No whole element in this chunk: the next one is twice the size.
                chunk = try input.nextChunk(after: chunk, keepFrom: cut, grow: cut == 0)
                scanner.rebase(droppingFirst: cut)
                scanFrom = scanned - cut
            }
        }
    }

    /// The array's own punctuation is wrong where the scanner stopped. The syntax diagnoser, given
    /// the bytes from the last good comma on behind a `[`, reads them in the context the whole
    /// document would give (inside an array), so the message is the usual one.
    private func arrayError(in chunk: InputChunk, from cut: Int, at stop: Int, document: SourceLocation) -> UserlistError {
        let opensArray = chunk.bytes[..<cut].isBlankJSONOrBracket
        let text = (opensArray ? [] : [UInt8(ascii: "[")]) + Array(UnsafeRawBufferPointer(rebasing: chunk.bytes[(opensArray ? 0 : cut)...]))
        let found = text.withUnsafeBytes { JSONSyntaxDiagnoser.firstError(in: $0) }
        let offset = found.map { opensArray ? $0.offset : cut + $0.offset - 1 } ?? stop
        let message = ChunkParser.message(found?.message ?? "invalid JSON", startingAt: document, stoppedAt: chunk.location(ofOffset: min(offset, chunk.count)))
        return UserlistError(.data, Diagnostic(.syntax, at: document, message))
    }

    /// Waits for `job` and hands its batch on, then throws its error if it met one; returns
    /// where its guess failed, if it did. (The jobs before it parsed to their ends, so the chunk
    /// starts where a document does: the records before its error are the input's.)
    private func settle(_ job: ChunkJob<Prepared>, _ morePages: inout PagingNote?, _ emit: (Prepared) throws(UserlistError) -> Void) throws(UserlistError) -> (chunk: InputChunk, keepFrom: Int)? {
        let outcome = job.wait()
        if outcome.hasDocuments { morePages = outcome.morePages }
        if let prepared = outcome.prepared { try emit(prepared) }
        if let error = outcome.error { throw error }
        return outcome.keepFrom.map { (job.chunk, $0) }
    }

    /// The guess failed in `stop`: the chunks read after it go back to the input (their own bytes,
    /// not what they carried over), and the rest is read in order from `stop`'s unparsed bytes.
    /// `unsubmitted`: a chunk read after `later` that no job took, given back last.
    private func finishInOrder(
        _ input: InputReader, from stop: (chunk: InputChunk, keepFrom: Int), after later: [ChunkJob<Prepared>],
        unsubmitted: (chunk: InputChunk, carried: Int)? = nil, morePages: PagingNote?, _ emit: (Prepared) throws(UserlistError) -> Void
    ) throws(UserlistError) {
        for job in later { input.giveBack(job.chunk, from: job.carried) }
        if let unsubmitted { input.giveBack(unsubmitted.chunk, from: unsubmitted.carried) }
        var reader = DocumentReader(input: input, parser: makeParser(), morePages: morePages)
        let emitPrepared: (RecordBatch) throws(UserlistError) -> Void = { batch throws(UserlistError) in try emit(prepare(batch)) }
        try reader.read(from: input.nextChunk(after: stop.chunk, keepFrom: stop.keepFrom), emitPrepared)
        try reader.reportMorePages(emitPrepared)
    }
}

/// One chunk's work: the region to parse, and (once a worker is done) what came of it.
final class ChunkJob<Prepared: Sendable>: @unchecked Sendable {
    struct Outcome {
        var prepared: Prepared?
        var hasDocuments: Bool
        var morePages: PagingNote?
        /// Where the region stopped parsing cleanly, when it did not reach its end.
        var keepFrom: Int?
        /// The error the region stopped at; `prepared` holds the records before it.
        var error: UserlistError?
    }

    let chunk: InputChunk
    let regionEnd: Int
    let atEnd: Bool
    /// Bytes at the front carried over from the previous chunk (already read once).
    let carried: Int
    /// The region holds elements of one big array, from its `next` on.
    let elements: ArrayElements?
    /// Its input's layout: where a broken record ends.
    let layout: InputLayout
    /// For a streamed array's elements: where the document holding them starts.
    let enclosing: SourceLocation?
    private var outcome: Outcome?
    private let finished = DispatchSemaphore(value: 0)

    /// For a streamed array's elements: the offsets of its commas in the chunk (blanked).
    let separators: [Int]

    init(chunk: InputChunk, regionEnd: Int, atEnd: Bool, carried: Int, elements: ArrayElements?, layout: InputLayout, enclosing: SourceLocation? = nil, separators: [Int] = []) {
        self.layout = layout
        self.separators = separators
        self.enclosing = enclosing
        self.chunk = chunk
        self.regionEnd = regionEnd
        self.atEnd = atEnd
        self.carried = carried
        self.elements = elements
    }

    /// Run by a worker.
    func run(_ parser: inout ChunkParser, _ prepare: (RecordBatch) -> Prepared) {
        parser.arrayElements = elements
        parser.elementSeparators = separators
        parser.layout = layout
        parser.enclosingDocument = enclosing
        defer {
            parser.arrayElements = nil
            parser.elementSeparators = []
            parser.enclosingDocument = nil
        }
        // A record every 256 bytes or so: an export's users are 300–500 bytes a line.
        var batch = BatchBuilder(expectedRecords: regionEnd / 256)
        let region = UnsafeRawBufferPointer(rebasing: chunk.bytes[..<regionEnd])
        var keepFrom: Int?
        var failure: UserlistError?
        do {
            var parsed = try parser.parse(region, of: chunk, atEnd: atEnd, into: &batch)
            // An array element bigger than simdjson's batch: the batch has doubled, parse the
            // region again (its elements were cut for this job, nobody else can take them).
            while let elements, case .retryWithBiggerBatch = parsed {
                batch = BatchBuilder()
                parser.arrayElements = elements
                parsed = try parser.parse(region, of: chunk, atEnd: atEnd, into: &batch)
            }
            switch parsed {
            case .parsed(let unparsed):
                let end = regionEnd - unparsed
                if unparsed > 0, !(atEnd && UnsafeRawBufferPointer(rebasing: chunk.bytes[end...]).isBlankJSON) { keepFrom = end }
            case .retryWithBiggerBatch(let unparsed):
                keepFrom = regionEnd - unparsed
            case .needMoreInput, .reread:
                keepFrom = 0
            }
        } catch {
            // The records before the error go on with it (see ``ChunkParser/parse(_:of:atEnd:into:)``).
            failure = error
        }
        let prepared = batch.records.isEmpty ? nil : prepare(batch.finish(chunk: chunk, fields: parser.fields))
        outcome = Outcome(prepared: prepared, hasDocuments: !batch.documents.isEmpty, morePages: batch.morePages, keepFrom: keepFrom, error: failure)
        finished.signal()
    }

    /// The outcome, once the worker is done.
    func wait() -> Outcome {
        finished.wait()
        return outcome!
    }
}

/// Threads that run ``ChunkJob``s, each with a parser of its own.
final class WorkerPool<Prepared: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Taken jobs are set to nil at once: a finished job holds its chunk and its batch.
    private var queue: [ChunkJob<Prepared>?] = []
    private var head = 0
    private var closed = false

    init(count: Int, makeParser: @escaping @Sendable () -> ChunkParser, prepare: @escaping @Sendable (RecordBatch) -> Prepared) {
        for _ in 0..<max(1, count) {
            let thread = Thread { [self] in
                var parser = makeParser()
                while let job = take() { job.run(&parser, prepare) }
            }
            // The syntax diagnoser and deep documents recurse: a main thread's stack.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    func submit(_ job: ChunkJob<Prepared>) {
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The workers finish the jobs they hold, then stop.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func take() -> ChunkJob<Prepared>? {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count, !closed { condition.wait() }
        guard head < queue.count else { return nil }
        let job = queue[head]
        queue[head] = nil
        head += 1
        if head > 64, head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
        return job
    }
}
