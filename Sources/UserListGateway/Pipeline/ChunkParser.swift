import UserListDomain
@_spi(Pipeline) import UserListDomain
import UserListJQ
@_spi(Pipeline) import UserListInput
@_spi(Pipeline) import UserListJSON
/// Parses one stretch of a chunk's bytes into a ``BatchBuilder``: simdjson over the region, each
/// document's users found by the first matching ``PayloadShape`` and mapped.
///
/// One per thread: it owns a simdjson stream, whose documents borrow its memory until the next
/// call. ``DocumentReader`` drives one over an input chunk by chunk; ``ParallelReader`` gives
/// each worker its own.
struct ChunkParser {
    let parser = JSONDocumentStream()
    let shapes: [any PayloadShape]
    /// The shapes an object without arrays can have (see ``PayloadShape/needsAnArray``), picked
    /// once: walking all eleven per NDJSON line copied each existential to ask it (12.6M
    /// instructions of 1.37G on 50k users).
    private let arraylessShapes: [any PayloadShape]
    let transform: (any DocumentTransform)?
    /// The fields each user is built with (every field is still checked).
    let fields: FieldSet
    /// `--explain`: where each document's users were and how their fields were filled.
    var explanation: MappingExplanation?
    /// When set, native records are decided from their keys and their users left unbuilt (see
    /// ``RecordKeys``); the run builds the few it keeps from the batch (``RecordBatch/materialize(record:)``).
    var judge: (any RecordJudge)?
    /// The judge's buffer for folding text: this thread's own, reused for every record.
    private let keyScratch = KeyScratch()
    /// The shapes an object without arrays can have before the single user are GitHub's user
    /// only (the default shapes; GraphQL's and users keyed by id come after it): a native record,
    /// which has no `login`, goes to the single user's ``AutomaticMapping``. Any other shape
    /// before it (`--users-at`) makes every line ask them all.
    private let nativeLinesGoToSingleUser: Bool
    /// simdjson's batch: documents are indexed this many bytes at a time; doubled for bigger documents.
    private(set) var batchSize = 1 << 20
    /// Set while parsing the elements of one big array as documents of their own (see
    /// ``ArrayElementScanner``): each document is element `next` of the array.
    var arrayElements: ArrayElements? {
        didSet { readsArrayElements = arrayElements != nil }
    }
    /// With ``arrayElements``: the offsets of the array's commas in the region (blanked), which
    /// bound a bad element (``BadRecord``).
    var elementSeparators: [Int] = []
    /// ``elementSeparators`` while reading array elements, for ``BadRecord``.
    private var badRecordSeparators: [Int]? { readsArrayElements ? elementSeparators : nil }
    /// Whether ``arrayElements`` and ``transform`` are set, asked per document as plain flags:
    /// testing or binding the optionals themselves (an existential inside each) copied them,
    /// and once the whole parser, through value witnesses (W1 on 50k users: ~15M instructions).
    private var readsArrayElements = false
    private let transforms: Bool

    init(shapes: [any PayloadShape], transform: (any DocumentTransform)?, fields: FieldSet = .all, explanation: MappingExplanation? = nil) {
        self.shapes = shapes
        let arrayless = shapes.filter { !$0.needsAnArray }
        arraylessShapes = arrayless
        nativeLinesGoToSingleUser = arrayless.firstIndex { $0 is SingleUserShape }
            .map { single in arrayless[..<single].allSatisfy { $0 is GitHubShape } } ?? false
        self.transform = transform
        transforms = transform != nil
        self.fields = fields
        self.explanation = explanation
    }

    /// What parsing one region of the buffer came to.
    enum RegionResult {
        /// Documents decoded; `unparsed` bytes at the end hold an incomplete one.
        case parsed(unparsed: Int)
        /// A document is bigger than simdjson's batch: decoded what came before it.
        case retryWithBiggerBatch(unparsed: Int)
        /// No complete document: the buffer must grow (nothing was decoded).
        case needMoreInput
        /// Valid JSON simdjson can't hold (numbers out of range): read this chunk instead.
        case reread(InputChunk)
    }

    /// `--skip-bad-json`: a document that isn't JSON becomes an unusable record and reading goes
    /// on after it (see ``BadRecord``), instead of stopping the run.
    var skipBadJSON = false
    /// How this input lays its documents out: where a broken record ends. Set per input.
    var layout: InputLayout = .pretty
    /// The input goes on after the region parsed with `atEnd` (``LineReader``: a map stage's
    /// line whose file has more lines): a broken record there is worded as one run words it.
    var followedByInput = false
    /// Set while parsing the elements of a streamed array or envelope: where that document
    /// starts, which its syntax errors name, as when it is read whole.
    var enclosingDocument: SourceLocation?
    /// Where the region being parsed starts in its chunk (a stretch after a skipped line).
    private var baseOffset = 0

    /// A syntax error: where the document it breaks starts and where it was found, both offsets
    /// in the region given to ``parseDocuments(_:of:atEnd:into:)``; ``parse(_:of:atEnd:into:)``
    /// steps over it (`--skip-bad-json`) or stops the run at it.
    private struct BadDocument {
        let documentStart: Int
        let error: JSONSyntaxError
    }

    /// What stops a pass over a region: a syntax error to step over or stop at, or an error
    /// that stops the run as it is.
    private enum RegionFailure: Error {
        case badDocument(BadDocument)
        case stop(UserlistError)

        /// The syntax error; any other failure is thrown on.
        func badDocument() throws(UserlistError) -> BadDocument {
            switch self {
            case .badDocument(let bad): return bad
            case .stop(let error): throw error
            }
        }
    }

    /// Decodes every complete document in `region` (which starts at the chunk's first byte).
    /// When it throws, `batch` holds the records of every document before the one the error is
    /// in, and none of that one's: the caller hands them on, then stops at the error, so a run
    /// that fails has taken in (rows, rejects) everything before the error's record, wherever
    /// its chunks were cut. On `.reread` the batch is empty: the rewritten chunk is read again from its start, so
    /// nothing this parse gathered counts (with --skip-bad-json the users and skipped lines
    /// before the number were in it, and a caller that kept them read them twice).
    mutating func parse(_ region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool, into batch: inout BatchBuilder) throws(UserlistError) -> RegionResult {
        let result = skipBadJSON
            ? try parseSkippingBadRecords(region, of: chunk, atEnd: atEnd, into: &batch)
            : try parseStoppingAtBadRecords(region, of: chunk, atEnd: atEnd, into: &batch)
        if case .reread = result { batch = BatchBuilder() }
        return result
    }

    /// Without `--skip-bad-json`: the first bad record (see ``stop(at:in:of:atEnd:into:)``) ends the run.
    private mutating func parseStoppingAtBadRecords(_ region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool, into batch: inout BatchBuilder) throws(UserlistError) -> RegionResult {
        let mark = batch.mark
        let result: RegionResult
        do {
            result = try parseDocuments(region, of: chunk, atEnd: atEnd, into: &batch)
        } catch {
            return try stop(at: error.badDocument(), in: region, of: chunk, atEnd: atEnd, into: &batch)
        }
        // A tail simdjson left unparsed that is already a bad record stops the run now, before
        // this batch's users are handed on (as when the error is found mid-region).
        guard case .parsed(let unparsed) = result, unparsed > 0,
              let found = brokenTail(region.count - unparsed, in: region, atEnd: atEnd) else { return result }
        batch.rollBack(to: mark)
        return try stop(at: BadDocument(documentStart: found.documentStart, error: found.error), in: region, of: chunk, atEnd: atEnd, into: &batch)
    }

    /// `--skip-bad-json`: each bad record (see ``BadRecord``) becomes an unusable record with its
    /// text, and parsing goes on after it.
    private mutating func parseSkippingBadRecords(_ region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool, into batch: inout BatchBuilder) throws(UserlistError) -> RegionResult {
        defer { baseOffset = 0 }
        var start = 0
        // After a bad record the rest is parsed in windows of whole lines, 64 KiB at first and
        // doubling while clean: parsing all of the chunk's remainder after every bad line made an
        // export with 1% bad lines 7x slower than a clean one (simdjson indexes what it is given).
        var window = region.count
        while true {
            baseOffset = start
            var end = region.count
            if start + window < region.count, let newline = region[start..<(start + window)].lastIndex(of: UInt8(ascii: "\n")) {
                end = newline + 1
            }
            let rest = UnsafeRawBufferPointer(rebasing: region[start..<end])
            // The syntax error to step over, in region offsets.
            var bad: (documentStart: Int, error: JSONSyntaxError)
            do {
                // A pass that fails is rolled back in the batch before BadDocument is thrown.
                let result = try parseDocuments(rest, of: chunk, atEnd: end == region.count && atEnd, into: &batch)
                var unparsed: Int
                switch result {
                case .needMoreInput: unparsed = rest.count
                case .parsed(let count): unparsed = count
                case .retryWithBiggerBatch(let count): return .retryWithBiggerBatch(unparsed: region.count - end + count)
                case .reread: return result
                }
                if end < region.count {
                    if unparsed < rest.count {
                        start = end - unparsed
                        window = min(window * 2, region.count)
                    } else {
                        window *= 4  // no whole document in the window: a bigger one
                    }
                    continue
                }
                let tailStart = region.count - unparsed
                if unparsed == 0 || UnsafeRawBufferPointer(rebasing: region[tailStart...]).isBlankJSON {
                    return atEnd ? .parsed(unparsed: 0) : .parsed(unparsed: unparsed)
                }
                guard let found = brokenTail(tailStart, in: region, atEnd: atEnd) else { return tailStart > 0 ? .parsed(unparsed: unparsed) : .needMoreInput }
                // The documents before the tail are decoded already.
                start = tailStart
                bad = found
            } catch {
                let document = try error.badDocument()
                bad = (start + document.documentStart, document.error.shifted(by: start))
            }
            var record: BadRecord
            var textStart: Int
            while true {
                record = BadRecord(around: bad, in: region, from: start, layout: layout, atEnd: atEnd, followedByInput: followedByInput, separators: badRecordSeparators)
                // The documents before the bad record are parsed on their own; one of them can
                // still be a bad record (line-delimited: valid JSON over two lines).
                textStart = record.start
                guard textStart > start else { break }
                baseOffset = start
                do {
                    switch try parseDocuments(UnsafeRawBufferPointer(rebasing: region[start..<textStart]), of: chunk, atEnd: false, into: &batch) {
                    case .parsed(let unparsed), .retryWithBiggerBatch(let unparsed): textStart -= unparsed
                    case .needMoreInput: textStart = start
                    case .reread(let rewritten): return .reread(rewritten)
                    }
                    break
                } catch {
                    let document = try error.badDocument()
                    bad = (start + document.documentStart, document.error.shifted(by: start))
                }
            }
            guard let textEnd = record.end else {
                // The bad record goes on past the region: skip it once it is whole.
                return textStart > 0 ? .parsed(unparsed: region.count - textStart) : .needMoreInput
            }
            let message = Self.message(record.error.message, startingAt: chunk.location(ofOffset: textStart), stoppedAt: chunk.location(ofOffset: record.error.offset))
            batch.addMalformed(at: textStart, text: textStart..<textEnd, message: message)
            start = textEnd
            window = 64 << 10
            if start == region.count { return .parsed(unparsed: 0) }
        }
    }

    /// Without `--skip-bad-json`, a bad record stops the run, but the documents before it come
    /// first: one of them can stop it sooner (a `"x"` line holds no users), as it would were the
    /// input read line by line (the Spark stages) rather than simdjson's batch at a time. Those
    /// documents are decoded into `batch` before the error is thrown; `.reread` is the only
    /// result it returns (one of them holds a number too big for a double).
    private mutating func stop(at bad: BadDocument, in region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool, into batch: inout BatchBuilder) throws(UserlistError) -> RegionResult {
        var found = (documentStart: bad.documentStart, error: bad.error)
        while true {
            let start = BadRecord(around: found, in: region, from: 0, layout: layout, atEnd: atEnd, followedByInput: followedByInput, separators: badRecordSeparators).start
            guard start > 0 else { break }
            do {
                // The documents before it hold a number too big for a double: the chunk is read
                // again with it quoted, and comes back here with them decoded.
                if case .reread(let rewritten) = try parseDocuments(UnsafeRawBufferPointer(rebasing: region[..<start]), of: chunk, atEnd: false, into: &batch) {
                    return .reread(rewritten)
                }
                break
            } catch {
                let earlier = try error.badDocument()
                found = (earlier.documentStart, earlier.error)
            }
        }
        throw syntaxError(found, in: region, atEnd: atEnd, of: chunk)
    }

    /// The region ends inside a document from `tailStart`: a broken one when the diagnoser finds
    /// an error before the end (an unclosed `{` that simdjson reads on into the next lines), at
    /// the end of the input, or (line-delimited) open for too long; nil when more input may
    /// complete it.
    private func brokenTail(_ tailStart: Int, in region: UnsafeRawBufferPointer, atEnd: Bool) -> (documentStart: Int, error: JSONSyntaxError)? {
        guard !UnsafeRawBufferPointer(rebasing: region[tailStart...]).isBlankJSON,
              let found = JSONSyntaxDiagnoser.firstBadDocument(in: region, from: tailStart),
              found.error.offset < region.count || atEnd || openTooLong(found.documentStart, in: region) else { return nil }
        return found
    }

    /// Line-delimited input: a document that starts at `documentStart`, runs past the end of its
    /// line and is still open after ``BadRecord/longestOpenRecord`` bytes is not waited for (a
    /// line `[1, 2,` before good lines would otherwise be read on to the end of the input).
    private func openTooLong(_ documentStart: Int, in region: UnsafeRawBufferPointer) -> Bool {
        layout == .lines && region.count - documentStart >= BadRecord.longestOpenRecord
            && region[documentStart...].contains(UInt8(ascii: "\n"))
    }

    /// Where a bad record starts (`at`), and the message: the error, and where the parser
    /// stopped when that is elsewhere (`export.ndjson:102:1: … (parser stopped at 104:1)`).
    private func describe(_ error: JSONSyntaxError, startingAt start: Int, of chunk: InputChunk) -> (SourceLocation, String) {
        // An element of a streamed array or envelope: the document is the one it is part of.
        let location = enclosingDocument ?? chunk.location(ofOffset: start)
        return (location, Self.message(error.message, startingAt: location, stoppedAt: chunk.location(ofOffset: error.offset)))
    }

    /// `message`, with where the parser stopped when that is not where the bad record starts.
    static func message(_ message: String, startingAt start: SourceLocation, stoppedAt stopped: SourceLocation) -> String {
        guard (stopped.line, stopped.column) != (start.line, start.column) else { return message }
        return "\(message) (parser stopped at \(stopped.line):\(stopped.column))"
    }

    /// Decodes every complete document in `region`; a syntax error is thrown (``BadDocument``
    /// when bad JSON is skipped, so ``parse(_:of:atEnd:into:)`` can step over it).
    private mutating func parseDocuments(_ region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool, into batch: inout BatchBuilder) throws(RegionFailure) -> RegionResult {
        if region.isEmpty { return .needMoreInput }
        let mark = batch.mark
        if case .invalid(let message)? = parser.begin(region, batchSize: batchSize) {
            return try recover(region, of: chunk, atEnd: atEnd, simdjsonMessage: message)
        }
        // Line-delimited input: the last document's start, to check it ended on its line once the
        // next one's start is known (see `endsOnItsLine`).
        var previous: Int?
        while true {
            switch parser.next() {
            case .document(let root, let offset):
                if layout == .lines, let previous { try endsOnItsLine(previous, before: offset, in: region, rollingBack: mark, &batch) }
                do { try decode(root, at: offset, of: chunk, into: &batch) } catch {
                    // The records of the documents before this one are handed on before the
                    // error (``parse(_:of:atEnd:into:)``); this one's first outputs are not.
                    batch.dropDocuments(from: baseOffset + offset)
                    throw .stop(error)
                }
                previous = offset
            case .end(let truncated):
                if layout == .lines, let previous { try endsOnItsLine(previous, before: region.count - truncated, in: region, rollingBack: mark, &batch) }
                return truncated == region.count ? .needMoreInput : .parsed(unparsed: truncated)
            case .tooLarge:
                batchSize *= 2
                if layout == .lines, let previous { try endsOnItsLine(previous, before: region.count - parser.unparsedBytes, in: region, rollingBack: mark, &batch) }
                return .retryWithBiggerBatch(unparsed: parser.unparsedBytes)
            case .invalid(let message):
                // Whatever happens next, this pass's records are not handed on.
                batch.rollBack(to: mark)
                return try recover(region, of: chunk, atEnd: atEnd, simdjsonMessage: message)
            }
        }
    }

    /// Line-delimited input: a record is a line, so a document that starts on one line and goes
    /// on to the next is a broken record even when it is valid JSON (a lone `{` line then a
    /// `}{"id": 7}` line read as `{}` and a user). The document at `start` ends before `next`
    /// (where the next one starts, or the region's parsed end): after the first line break past
    /// its start, only white space may come. One `memchr` per document, over its own line.
    private func endsOnItsLine(_ start: Int, before next: Int, in region: UnsafeRawBufferPointer, rollingBack mark: BatchBuilder.Mark, _ batch: inout BatchBuilder) throws(RegionFailure) {
        guard next > start, let newline = TextPosition.firstNewline(in: region, start..<next) else { return }
        guard !region[newline..<next].allSatisfy(\.isJSONWhitespace) else { return }
        batch.rollBack(to: mark)
        let lineEnd = JSONSyntaxError(offset: newline, message: "record goes on past the end of its line")
        throw .badDocument(BadDocument(documentStart: start, error: lineEnd))
    }

    /// Before a region with no complete document grows the buffer: when its start already can't
    /// be JSON (a binary file, `/dev/zero`, a line of garbage), the error is reported now, not
    /// after reading the whole input. The diagnoser reads the first MiB; cutting text there only
    /// ever gives an error *at* the cut (an unclosed string, number or literal), so an error
    /// before it is real. Line-delimited input also stops at a document open for too long.
    func errorBeforeGrowing(_ region: UnsafeRawBufferPointer, of chunk: InputChunk) -> UserlistError? {
        let window = min(region.count, 1 << 20)
        if let found = JSONSyntaxDiagnoser.firstBadDocument(in: UnsafeRawBufferPointer(rebasing: region[..<window]), startsInput: startsInput(chunk)), found.error.offset < window {
            return syntaxError(found, in: region, atEnd: false, of: chunk)
        }
        guard layout == .lines, region.count >= BadRecord.longestOpenRecord,
              let found = JSONSyntaxDiagnoser.firstBadDocument(in: region, startsInput: startsInput(chunk)), openTooLong(found.documentStart, in: region) else { return nil }
        return syntaxError(found, in: region, atEnd: false, of: chunk)
    }

    /// Whether the region being parsed begins where its input does (its first chunk, from its
    /// first byte): only there is a byte-order mark the input's own. After a record skipped with
    /// `--skip-bad-json` the region starts inside the input, and a line that starts with a mark
    /// there is a bad record (it was read as the input's own, and simdjson's refusal of it became
    /// "invalid JSON" at 1:1).
    private func startsInput(_ chunk: InputChunk) -> Bool {
        baseOffset == 0 && chunk.firstLine == 1 && chunk.firstColumnOffset == 0
    }

    /// The input ended inside a document.
    func incompleteDocument(in region: UnsafeRawBufferPointer, of chunk: InputChunk) -> UserlistError {
        if let found = JSONSyntaxDiagnoser.firstBadDocument(in: region, startsInput: startsInput(chunk)) { return syntaxError(found, in: region, atEnd: true, of: chunk) }
        return UserlistError(.data, Diagnostic(.syntax, at: chunk.location(ofOffset: baseOffset + region.count), "unexpected end of input"))
    }

    /// The error a run stops at: located where the bad record starts (see ``BadRecord``), with
    /// where the parser stopped when that is elsewhere. Offsets are `region`'s.
    private func syntaxError(_ found: (documentStart: Int, error: JSONSyntaxError), in region: UnsafeRawBufferPointer, atEnd: Bool, of chunk: InputChunk) -> UserlistError {
        let record = BadRecord(around: found, in: region, from: 0, layout: layout, atEnd: atEnd, followedByInput: followedByInput, separators: badRecordSeparators)
        let (location, message) = describe(record.error.shifted(by: baseOffset), startingAt: baseOffset + record.start, of: chunk)
        return UserlistError(.data, Diagnostic(.syntax, at: location, message))
    }

    /// simdjson rejected `region`: a syntax error (thrown with its place), a region that ends
    /// mid-document (read more), or valid JSON with out-of-range numbers (re-read, quoted).
    private func recover(_ region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool, simdjsonMessage: String) throws(RegionFailure) -> RegionResult {
        guard let found = JSONSyntaxDiagnoser.firstBadDocument(in: region, startsInput: startsInput(chunk)) else {
            // Quoted from the region on: what comes before it was read already or skipped as bad
            // JSON (a skipped line's open string is also why the scanner ends a string at a line
            // break: see OversizedNumbers).
            if let quoted = OversizedNumbers.quoted(in: UnsafeRawBufferPointer(rebasing: chunk.bytes[baseOffset...])) {
                return .reread(chunk.replacingBytes(with: Array(chunk.bytes[..<baseOffset]) + quoted))
            }
            throw .stop(UserlistError(.data, Diagnostic(.syntax, at: chunk.location(ofOffset: baseOffset), "invalid JSON (\(simdjsonMessage))")))
        }
        // The only problem is the region's end, and more input follows.
        if found.error.offset >= region.count, !atEnd { return .needMoreInput }
        throw .badDocument(BadDocument(documentStart: found.documentStart, error: found.error))
    }

    private mutating func decode(_ root: JSONNode, at regionOffset: Int, of chunk: InputChunk, into batch: inout BatchBuilder) throws(UserlistError) {
        let offset = baseOffset + regionOffset
        if readsArrayElements, var elements = arrayElements {
            batch.startDocument(at: offset, path: elements.elementPath, isArray: false, transformed: false)
            batch.records.append(map(root, with: elements.mapping, transformed: false))
            elements.next += 1
            arrayElements = elements
            return
        }
        guard transforms, let transform else {
            return try decodeUsers(in: root, at: offset, of: chunk, into: &batch, transformed: false)
        }
        do {
            try transform.transform(root) { output throws(UserlistError) in
                try decodeUsers(in: output, at: offset, of: chunk, into: &batch, transformed: true)
            }
        } catch {
            switch error {
            case .expression(let error):
                throw UserlistError(.data, Diagnostic(.expression, at: chunk.location(ofOffset: offset), option: "--jq", error.message))
            case .emitted(let error):
                throw error
            }
        }
    }

    /// An API's error body: named by its input alone when it is the input's first document (a
    /// response saved or piped, after its `curl -i` head), else with its place — a line of an
    /// NDJSON of pages (`pages.ndjson:37:1: the API returned an error: …`).
    private func apiError(_ message: String, at offset: Int, of chunk: InputChunk, batch: BatchBuilder) -> Diagnostic {
        let first = batch.documents.isEmpty && chunk.firstLine == 1 && chunk.firstColumnOffset == 0
            && UnsafeRawBufferPointer(rebasing: chunk.bytes[..<min(offset, chunk.count)]).isBlankJSON
        return first ? Diagnostic(.apiError, input: chunk.inputName, message) : Diagnostic(.apiError, at: chunk.location(ofOffset: offset), message)
    }

    private func decodeUsers(in root: JSONNode, at offset: Int, of chunk: InputChunk, into batch: inout BatchBuilder, transformed: Bool) throws(UserlistError) {
        let what = transformed ? "an output of --jq" : "this document"
        if root.kind == .object, let judge, !transformed, explanation == nil, nativeLinesGoToSingleUser,
           case .keyed(let keyed) = NativeRecord.readKeys(root, judge: judge, scratch: &keyScratch.scratch) {
            // What the shapes below would make of it: a record of native keys only has no `login`
            // (GitHub's), and has an `id`, so the single-user shape takes it and maps it natively.
            // Asking them cost ~1,400 instructions a line (W1 on 50k users: 70M of 724M). Its keys
            // are typed, none an array, so it is an object without arrays (not asked: 200 more).
            batch.morePages = nil
            batch.startDocument(at: offset, path: [], isArray: false, transformed: false)
            batch.records.append(.keyed(keyed))
            return
        }
        // An object without arrays is a single user (an NDJSON line): envelopes need not look.
        let arrayless = root.kind == .object && !root.holdsAnArray
        // A top-level array of errors (Salesforce's) would pass for users without ids.
        if !transformed, root.kind == .array, let message = APIErrorBodies.message(in: root) {
            throw UserlistError(.data, apiError(message, at: offset, of: chunk, batch: batch))
        }
        for shape in arrayless ? arraylessShapes : shapes {
            guard let records = shape.userRecords(in: root) else { continue }
            if !transformed, records.holdNone, let message = APIErrorBodies.failure(in: root) {
                throw UserlistError(.data, apiError(message, at: offset, of: chunk, batch: batch))
            }
            let mapping = shape.mapping
            // A single user (a line of an export) says nothing about pages.
            if case .single = records { batch.morePages = nil } else { batch.morePages = shape.pagingNote(in: root, records: records) }
            if let explanation { explain(records, shape, transformed: transformed, chunk: chunk, into: explanation) }
            switch records {
            case .array(let array, let path):
                batch.startDocument(at: offset, path: path, isArray: true, transformed: transformed)
                array.forEachElement { batch.records.append(map($0, with: mapping, transformed: transformed)) }
            case .arrays(let arrays):
                for (array, path) in arrays {
                    batch.startDocument(at: offset, path: path, isArray: true, transformed: transformed)
                    array.forEachElement { batch.records.append(map($0, with: mapping, transformed: transformed)) }
                }
            case .single(let record, let path):
                // An error body that passes for a user (`{"id": "unauthorized", "message": …}`).
                if !transformed, path.isEmpty, let message = APIErrorBodies.failureOfOne(record) {
                    throw UserlistError(.data, apiError(message, at: offset, of: chunk, batch: batch))
                }
                batch.startDocument(at: offset, path: path, isArray: false, transformed: transformed)
                batch.records.append(map(record, with: mapping, transformed: transformed))
            case .keyed(let object, let path):
                // One located record per key (its path ends in the key), built now: a record
                // without an id of its own gets its key, which a judged record can't.
                object.forEachField { key, record in
                    batch.startDocument(at: offset, path: path + [.key(String(decoding: key, as: UTF8.self))], isArray: false, transformed: transformed)
                    batch.records.append(mapping.map(record, fields: fields).identified(byKey: key))
                }
            case .ambiguous(let paths):
                let list = paths.map { JSONPathLocator.describe($0) }.joined(separator: ", ")
                throw UserlistError(.data, Diagnostic(.noUsers, at: chunk.location(ofOffset: offset), "more than one array of users in \(what) (\(list))", hint: "say which with --users-at"))
            }
            return
        }
        if !transformed, let message = APIErrorBodies.failure(in: root) {
            throw UserlistError(.data, apiError(message, at: offset, of: chunk, batch: batch))
        }
        // An API's page that lists no users by leaving its list out (asked only here: a
        // document without users is rare, and most shapes' empty pages hold an empty array).
        if let shape = shapes.first(where: { $0.isEmptyPage(root) }) {
            batch.morePages = PagingNote(warning: shape.morePages(in: root), next: nil)
            if let explanation { explanation.document(input: chunk.inputName, shape: shape.name, path: "(none: the page lists no users)" + (transformed ? " of each --jq output" : "")) }
            batch.startDocument(at: offset, path: [], isArray: true, transformed: transformed)
            return
        }
        if !transformed, let message = APIErrorBodies.message(in: root) {
            throw UserlistError(.data, apiError(message, at: offset, of: chunk, batch: batch))
        }
        if skipBadJSON {
            // A stray `42` or `[1, 2]` among an export's lines is one record that is not a user,
            // reported like any other, not the end of the run.
            batch.startDocument(at: offset, path: [], isArray: false, transformed: transformed)
            batch.records.append(.unusable(reason: "no users in \(what) (\(root.kind == .object || root.kind == .array ? "an" : "a") \(root.kind.rawValue) that is not a user)"))
            return
        }
        if shapes.count == 1, let explicit = shapes.first as? ExplicitPathShape {
            throw UserlistError(.data, Diagnostic(.noUsers, at: chunk.location(ofOffset: offset), option: nil, "no array of users or user object at \(explicit.path) in \(what)"))
        }
        if !transformed, let broken = brokenRestOfLine(after: offset, of: chunk) { throw broken }
        throw UserlistError(.data, Diagnostic(.noUsers, at: chunk.location(ofOffset: offset), "no users in \(what): \(PayloadShapes.expectation)", hint: "say where they are with --users-at PATH, or reshape the payload with --jq"))
    }

    /// `record` mapped: decided from its keys when the run judges records (a native record whose
    /// text the batch can give back, to build it if kept), else built with the run's fields.
    @inline(__always)
    private func map(_ record: JSONNode, with mapping: any RecordMapping, transformed: Bool) -> SourceRecord {
        if let judge, !transformed, type(of: mapping) == AutomaticMapping.self,
           case .keyed(let keyed) = NativeRecord.readKeys(record, judge: judge, scratch: &keyScratch.scratch) {
            return .keyed(keyed)
        }
        return mapping.map(record, fields: fields)
    }

    /// A document without users whose line goes on to break (`{"a":"b"}#`, `[1]]`): the broken
    /// line is what is wrong with the input, so its syntax error is the one to give. (Across
    /// lines, whichever comes first in the input stops the run.)
    private func brokenRestOfLine(after offset: Int, of chunk: InputChunk) -> UserlistError? {
        let bytes = chunk.bytes
        guard case .whole(let end) = JSONSyntaxDiagnoser.firstDocument(in: bytes, from: offset) else { return nil }
        let lineEnd = bytes[end...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        // An error at the line's end may only be the line break cutting a pretty-printed value.
        guard let found = JSONSyntaxDiagnoser.firstBadDocument(in: UnsafeRawBufferPointer(rebasing: bytes[end..<lineEnd])),
              found.error.offset < lineEnd - end || layout == .lines else { return nil }
        let record = BadRecord(around: (end + found.documentStart, found.error.shifted(by: end)), in: bytes, from: 0, layout: layout, atEnd: lineEnd == bytes.count, followedByInput: followedByInput)
        let location = chunk.location(ofOffset: record.start)
        return UserlistError(.data, Diagnostic(.syntax, at: location, Self.message(record.error.message, startingAt: location, stoppedAt: chunk.location(ofOffset: record.error.offset))))
    }

    private func explain(_ records: UserRecords, _ shape: any PayloadShape, transformed: Bool, chunk: InputChunk, into explanation: MappingExplanation) {
        let suffix = transformed ? " of each --jq output" : ""
        switch records {
        case .array(let array, let path):
            explanation.document(input: chunk.inputName, shape: shape.name, path: JSONPathLocator.describe(path) + suffix)
            var index = 0
            array.forEachElement { record in
                explanation.record(sources: shape.mapping.sources(of: record))
                if let reason = shape.mapping.exclusionReason(of: record) { explanation.leftOut(path: JSONPathLocator.describe(path + [.index(index)]), reason: reason) }
                index += 1
            }
        case .arrays(let arrays):
            explanation.document(input: chunk.inputName, shape: shape.name, path: arrays.map { JSONPathLocator.describe($0.path) }.joined(separator: ", ") + suffix)
            for (array, path) in arrays {
                var index = 0
                array.forEachElement { record in
                    explanation.record(sources: shape.mapping.sources(of: record))
                    if let reason = shape.mapping.exclusionReason(of: record) { explanation.leftOut(path: JSONPathLocator.describe(path + [.index(index)]), reason: reason) }
                    index += 1
                }
            }
        case .single(let record, let path):
            explanation.document(input: chunk.inputName, shape: shape.name, path: JSONPathLocator.describe(path) + suffix)
            explanation.record(sources: shape.mapping.sources(of: record))
            if let reason = shape.mapping.exclusionReason(of: record) { explanation.leftOut(path: JSONPathLocator.describe(path), reason: reason) }
        case .keyed(let object, let path):
            explanation.document(input: chunk.inputName, shape: shape.name, path: JSONPathLocator.describe(path) + suffix)
            object.forEachField { key, record in
                var sources = shape.mapping.sources(of: record)
                if !sources.contains(where: { $0.0 == .id }) { sources.insert((.id, "(its key)"), at: 0) }
                explanation.record(sources: sources)
                if let reason = shape.mapping.exclusionReason(of: record) {
                    explanation.leftOut(path: JSONPathLocator.describe(path + [.key(String(decoding: key, as: UTF8.self))]), reason: reason)
                }
            }
        case .ambiguous:
            break
        }
    }
}

/// A reading thread's ``JudgeScratch`` (a class, so the non-mutating decode can reuse it).
final class KeyScratch {
    /// Unchecked: only its parser's thread touches it, one record at a time, and the dynamic
    /// exclusivity check of a class's `var` passed `inout` cost ~80 instructions a record.
    @exclusivity(unchecked) var scratch = JudgeScratch()
}
