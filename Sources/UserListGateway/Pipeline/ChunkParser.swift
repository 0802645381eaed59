import UserListDomain
import UserListJQ
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
    let transform: (any DocumentTransform)?
    /// The fields each user is built with (every field is still checked).
    let fields: FieldSet
    /// `--explain`: where each document's users were and how their fields were filled.
    var explanation: MappingExplanation?
    /// simdjson's batch: documents are indexed this many bytes at a time; doubled for bigger documents.
    private(set) var batchSize = 1 << 20
    /// Set while parsing the elements of one big array as documents of their own (see
    /// ``ArrayElementScanner``): each document is element `next` of the array.
    var arrayElements: ArrayElements?

    init(shapes: [any PayloadShape], transform: (any DocumentTransform)?, fields: FieldSet = .all, explanation: MappingExplanation? = nil) {
        self.shapes = shapes
        self.transform = transform
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
    /// on at the next line, instead of stopping the run.
    var skipBadJSON = false
    /// Where the region being parsed starts in its chunk (a stretch after a skipped line).
    private var baseOffset = 0

    /// A syntax error at `offset` of the region, when bad JSON is skipped.
    private struct BadDocument: Error {
        let offset: Int
        let message: String
    }

    /// Decodes every complete document in `region` (which starts at the chunk's first byte).
    mutating func parse(_ region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool, into batch: inout BatchBuilder) throws -> RegionResult {
        guard skipBadJSON else { return try parseDocuments(region, of: chunk, atEnd: atEnd, into: &batch) }
        defer { baseOffset = 0 }
        var start = 0
        // After a bad line the rest is parsed in windows of whole lines, 64 KiB at first and
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
            do {
                // A pass that fails is rolled back in the batch before BadDocument is thrown.
                let result = try parseDocuments(rest, of: chunk, atEnd: end == region.count && atEnd, into: &batch)
                if end < region.count {
                    switch result {
                    case .parsed(let unparsed) where unparsed < rest.count:
                        start = end - unparsed
                        window = min(window * 2, region.count)
                    case .parsed, .needMoreInput:
                        window *= 4  // no whole document in the window: a bigger one
                    case .retryWithBiggerBatch(let unparsed):
                        return .retryWithBiggerBatch(unparsed: region.count - end + unparsed)
                    case .reread:
                        return result
                    }
                    continue
                }
                var unparsed = 0
                switch result {
                case .needMoreInput: unparsed = rest.count
                case .parsed(let count): unparsed = count
                case .retryWithBiggerBatch, .reread: return result
                }
                let tail = UnsafeRawBufferPointer(rebasing: region[(region.count - unparsed)...])
                if atEnd, !tail.isBlankJSON {
                    // The input ends inside a document: that unfinished document is the bad text.
                    let found = JSONSyntaxDiagnoser.firstError(in: tail)
                    let errorAt = region.count - unparsed + min(found?.offset ?? 0, unparsed)
                    batch.addMalformed(errorAt: errorAt, text: (region.count - unparsed)..<region.count, message: found?.message ?? "unexpected end of input")
                    return .parsed(unparsed: 0)
                }
                if case .needMoreInput = result, start > 0 { return .parsed(unparsed: rest.count) }
                return result
            } catch let bad as BadDocument {
                let errorAt = start + bad.offset
                // The bad text runs from its line's start (or the start of the document it breaks)
                // to the end of that line; what comes before it is parsed on its own.
                var textStart = start
                if let newline = region[start..<errorAt].lastIndex(of: UInt8(ascii: "\n")) { textStart = newline + 1 }
                if textStart > start {
                    baseOffset = start
                    switch try parseDocuments(UnsafeRawBufferPointer(rebasing: region[start..<textStart]), of: chunk, atEnd: false, into: &batch) {
                    case .parsed(let unparsed), .retryWithBiggerBatch(let unparsed): textStart -= unparsed
                    case .needMoreInput: textStart = start
                    case .reread(let rewritten): return .reread(rewritten)
                    }
                }
                guard let newline = region[errorAt...].firstIndex(of: UInt8(ascii: "\n")) else {
                    // The bad line goes on past the region: skip it once it is whole.
                    if !atEnd { return textStart > 0 ? .parsed(unparsed: region.count - textStart) : .needMoreInput }
                    batch.addMalformed(errorAt: errorAt, text: textStart..<region.count, message: bad.message)
                    return .parsed(unparsed: 0)
                }
                batch.addMalformed(errorAt: errorAt, text: textStart..<(newline + 1), message: bad.message)
                start = newline + 1
                window = 64 << 10
                if start == region.count { return .parsed(unparsed: 0) }
            }
        }
    }

    /// Decodes every complete document in `region`; a syntax error is thrown (``BadDocument``
    /// when bad JSON is skipped, so ``parse(_:of:atEnd:into:)`` can step over it).
    private mutating func parseDocuments(_ region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool, into batch: inout BatchBuilder) throws -> RegionResult {
        if region.isEmpty { return .needMoreInput }
        let mark = batch.mark
        if case .invalid(let message)? = parser.begin(region, batchSize: batchSize) {
            return try recover(region, of: chunk, atEnd: atEnd, simdjsonMessage: message)
        }
        while true {
            switch parser.next() {
            case .document(let root, let offset):
                try decode(root, at: offset, of: chunk, into: &batch)
            case .end(let truncated):
                return truncated == region.count ? .needMoreInput : .parsed(unparsed: truncated)
            case .tooLarge:
                batchSize *= 2
                return .retryWithBiggerBatch(unparsed: parser.unparsedBytes)
            case .invalid(let message):
                // Whatever happens next, this pass's records are not handed on.
                batch.rollBack(to: mark)
                return try recover(region, of: chunk, atEnd: atEnd, simdjsonMessage: message)
            }
        }
    }

    /// Before a region with no complete document grows the buffer: when its start already can't
    /// be JSON (a binary file, `/dev/zero`, a line of garbage), the error is reported now, not
    /// after reading the whole input. The diagnoser reads the first MiB; cutting text there only
    /// ever gives an error *at* the cut (an unclosed string, number or literal), so an error
    /// before it is real.
    func errorBeforeGrowing(_ region: UnsafeRawBufferPointer, of chunk: InputChunk) -> UserlistError? {
        let window = min(region.count, 1 << 20)
        guard let found = JSONSyntaxDiagnoser.firstError(in: UnsafeRawBufferPointer(rebasing: region[..<window])), found.offset < window else { return nil }
        return UserlistError(.data, Diagnostic(.syntax, at: chunk.location(ofOffset: found.offset), found.message))
    }

    /// The input ended inside a document.
    func incompleteDocument(in region: UnsafeRawBufferPointer, of chunk: InputChunk) -> UserlistError {
        if case .error(let error, _, _) = diagnose(region, of: chunk, atEnd: true) { return error }
        return UserlistError(.data, Diagnostic(.syntax, at: chunk.location(ofOffset: region.count), "unexpected end of input"))
    }

    /// simdjson rejected `region`: a syntax error (thrown with its place), a region that ends
    /// mid-document (read more), or valid JSON with out-of-range numbers (re-read, quoted).
    private func recover(_ region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool, simdjsonMessage: String) throws -> RegionResult {
        switch diagnose(region, of: chunk, atEnd: atEnd) {
        case .error(let error, let offset, let message):
            if skipBadJSON { throw BadDocument(offset: offset, message: message) }
            throw error
        case .endsMidDocument:
            return .needMoreInput
        case .valid:
            if let quoted = OversizedNumbers.quoted(in: UnsafeRawBufferPointer(rebasing: chunk.bytes[...])) {
                return .reread(chunk.replacingBytes(with: quoted))
            }
            throw UserlistError(.data, Diagnostic(.syntax, at: chunk.location(ofOffset: 0), "invalid JSON (\(simdjsonMessage))"))
        }
    }

    private enum Diagnosis {
        case error(UserlistError, offset: Int, message: String)
        /// The only problem is the region's end, and more input follows.
        case endsMidDocument
        case valid
    }

    /// What the strict slow-path diagnoser makes of `region`.
    private func diagnose(_ region: UnsafeRawBufferPointer, of chunk: InputChunk, atEnd: Bool) -> Diagnosis {
        guard let found = JSONSyntaxDiagnoser.firstError(in: region) else { return .valid }
        if found.offset >= region.count, !atEnd { return .endsMidDocument }
        return .error(UserlistError(.data, Diagnostic(.syntax, at: chunk.location(ofOffset: baseOffset + found.offset), found.message)), offset: found.offset, message: found.message)
    }

    private mutating func decode(_ root: JSONNode, at regionOffset: Int, of chunk: InputChunk, into batch: inout BatchBuilder) throws {
        let offset = baseOffset + regionOffset
        if var elements = arrayElements {
            batch.startDocument(at: offset, path: elements.elementPath, isArray: false, transformed: false)
            batch.records.append(elements.mapping.map(root, fields: fields))
            elements.next += 1
            arrayElements = elements
            return
        }
        guard let transform else {
            return try decodeUsers(in: root, at: offset, of: chunk, into: &batch, transformed: false)
        }
        do {
            try transform.transform(root) { output in
                try decodeUsers(in: output, at: offset, of: chunk, into: &batch, transformed: true)
            }
        } catch let error as JQError {
            throw UserlistError(.data, Diagnostic(.expression, at: chunk.location(ofOffset: offset), option: "--jq", error.message))
        }
    }

    private func decodeUsers(in root: JSONNode, at offset: Int, of chunk: InputChunk, into batch: inout BatchBuilder, transformed: Bool) throws {
        let what = transformed ? "an output of --jq" : "this document"
        // An object without arrays is a single user (an NDJSON line): envelopes need not look.
        let arrayless = root.kind == .object && !root.holdsAnArray
        for shape in shapes where !(arrayless && shape.needsAnArray) {
            guard let records = shape.userRecords(in: root) else { continue }
            let mapping = shape.mapping
            batch.morePages = shape.morePages(in: root)
            if let explanation { explain(records, shape, transformed: transformed, chunk: chunk, into: explanation) }
            switch records {
            case .array(let array, let path):
                batch.startDocument(at: offset, path: path, isArray: true, transformed: transformed)
                array.forEachElement { batch.records.append(mapping.map($0, fields: fields)) }
            case .single(let record, let path):
                batch.startDocument(at: offset, path: path, isArray: false, transformed: transformed)
                batch.records.append(mapping.map(record, fields: fields))
            case .ambiguous(let paths):
                let list = paths.map { JSONPathLocator.describe($0) }.joined(separator: ", ")
                throw UserlistError(.data, Diagnostic(.noUsers, at: chunk.location(ofOffset: offset), "more than one array of users in \(what) (\(list))", hint: "say which with --users-at"))
            }
            return
        }
        if !transformed, let message = APIErrorBodies.message(in: root) {
            throw UserlistError(.data, Diagnostic(.apiError, input: chunk.inputName, message))
        }
        if shapes.count == 1, let explicit = shapes.first as? ExplicitPathShape {
            throw UserlistError(.data, Diagnostic(.noUsers, at: chunk.location(ofOffset: offset), option: nil, "no array of users or user object at \(explicit.path) in \(what)"))
        }
        throw UserlistError(.data, Diagnostic(.noUsers, at: chunk.location(ofOffset: offset), "no users in \(what): \(PayloadShapes.expectation)", hint: "say where they are with --users-at PATH, or reshape the payload with --jq"))
    }

    private func explain(_ records: UserRecords, _ shape: any PayloadShape, transformed: Bool, chunk: InputChunk, into explanation: MappingExplanation) {
        let suffix = transformed ? " of each --jq output" : ""
        switch records {
        case .array(let array, let path):
            explanation.document(input: chunk.inputName, shape: shape.name, path: JSONPathLocator.describe(path) + suffix)
            array.forEachElement { explanation.record(sources: shape.mapping.sources(of: $0)) }
        case .single(let record, let path):
            explanation.document(input: chunk.inputName, shape: shape.name, path: JSONPathLocator.describe(path) + suffix)
            explanation.record(sources: shape.mapping.sources(of: record))
        case .ambiguous:
            break
        }
    }
}
