import UserListDomain
import UserListPlatform
@_spi(Pipeline) import UserListInput
@_spi(Pipeline) import UserListJSON

extension ParallelReader {
    /// What reading a first document that starts with `{` came to.
    enum EnvelopeRead {
        /// It ends inside the first chunk: nothing was consumed, read on as usual.
        case small
        /// Its users were read element by element; the input goes on at `rest` (nil: it ended),
        /// and the document's word on more pages is `morePages`.
        case streamed(rest: (chunk: InputChunk, keepFrom: Int)?, morePages: PagingNote?)
        /// The outline could not be used: the input was rewound to its first byte, to be read
        /// whole as before (which reports whatever was wrong, at its place).
        case rewound
    }

    /// Reads an envelope bigger than a chunk in bounded memory: first its outline (see
    /// ``DocumentOutline``), keeping a copy of the bytes when the input can't be read twice (a
    /// pipe); detection on the outline names the users' array, which is then read element by
    /// element from the input like a top-level array.
    func streamEnvelope(_ input: InputReader, from first: InputChunk, pool: WorkerPool<Prepared>, _ emit: (Prepared) throws(UserlistError) -> Void) throws(UserlistError) -> EnvelopeRead {
        var outline = DocumentOutline()
        switch outline.scan(first.bytes) {
        case .closed, .unusable: return .small
        case .needMore: break
        }
        var source = input.rereadable
        var copy: TemporaryFile?
        if source == nil {
            guard let file = try? TemporaryFile(name: "input", purpose: "temporary copy of \(input.name)") else { return .small }
            copy = file
            source = RereadableBytes(copy: file)
        }
        guard let source else { return .small }
        func keep(_ chunk: InputChunk) throws(UserlistError) {
            do { try copy?.append(chunk.bytes) } catch { throw UserlistError(.noInput, error) }
        }
        try keep(first)
        var chunk = first
        var consumed = first.count
        var closedAt: Int?
        scanning: while !input.reachedEnd {
            chunk = try input.nextChunk(after: chunk, keepFrom: chunk.count)
            try keep(chunk)
            consumed += chunk.count
            switch outline.scan(chunk.bytes) {
            case .closed(let end):
                closedAt = end
                break scanning
            case .unusable:
                break scanning
            case .needMore:
                continue
            }
        }
        guard let closedAt, let plan = try usersArray(in: outline, of: first, source: source, inputName: input.name) else {
            input.rewind(to: source, length: consumed)
            return .rewound
        }
        let users = plan.extent
        let column = try Self.characters(in: source, from: users.lineStart, to: users.start, inputName: input.name)
        let region = InputReader(input.name, region: users.start..<users.end, of: source, line: users.line, columnOffset: column, chunkSize: chunkSize)
        let envelope = first.location(ofOffset: first.bytes.firstIndex { !$0.isJSONWhitespace } ?? 0)
        _ = try streamArray(region, from: region.firstChunk(), mapping: plan.mapping, path: plan.path, document: envelope, pool: pool, emit)
        let rest = UnsafeRawBufferPointer(rebasing: chunk.bytes[closedAt...])
        return .streamed(rest: input.reachedEnd && rest.isBlankJSON ? nil : (chunk, closedAt), morePages: plan.morePages)
    }

    /// The users' array of the outlined document, when detection finds one that was cut (so it
    /// is worth streaming) and every other cut array is valid JSON (the outline did not check it).
    private func usersArray(in outline: DocumentOutline, of first: InputChunk, source: RereadableBytes, inputName: String) throws(UserlistError)
        -> (extent: DocumentOutline.ArrayExtent, mapping: any RecordMapping, path: [JSONPathComponent], morePages: PagingNote?)?
    {
        let text = first.replacingBytes(with: outline.text)
        let stream = JSONDocumentStream()
        guard stream.begin(text.bytes, batchSize: max(1 << 20, outline.text.count)) == nil,
              case .document(let root, _) = stream.next() else { return nil }
        guard let shape = shapes.first(where: { $0.userRecords(in: root) != nil }),
              case .array(let array, let path)? = shape.userRecords(in: root),
              let ordinal = Self.arrayOrdinal(of: array, in: root), outline.arrays.indices.contains(ordinal) else { return nil }
        let users = outline.arrays[ordinal]
        guard users.cut else { return nil }
        for other in outline.arrays where other.cut && other != users && !(other.start > users.start && other.end <= users.end) {
            let bytes = try Self.read(source, other.start..<other.end, inputName: inputName)
            if bytes.withUnsafeBytes({ JSONSyntaxDiagnoser.firstError(in: $0) }) != nil { return nil }
        }
        return (users, shape.mapping, path, shape.pagingNote(in: root, records: .array(array, path: path)))
    }

    /// How many arrays come before `target` in `root`, in document order (the order of the
    /// outline's ``DocumentOutline/arrays``).
    private static func arrayOrdinal(of target: JSONNode, in root: JSONNode) -> Int? {
        var count = 0
        var found: Int?
        func visit(_ node: JSONNode) {
            guard found == nil else { return }
            switch node.kind {
            case .array:
                if node.index == target.index { found = count; return }
                count += 1
                node.forEachElement(visit)
            case .object:
                node.forEachField { _, value in visit(value) }
            default:
                break
            }
        }
        visit(root)
        return found
    }

    private static func read(_ source: RereadableBytes, _ range: Range<Int>, inputName: String) throws(UserlistError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            // `withUnsafeMutableBytes` rethrows untyped: the read's result comes out of it as a value.
            let read = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try source.read(UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), range.lowerBound + done) }
            }
            let n = try read.mapError { UserlistError(.noInput, $0) }.get()
            if n == 0 { throw UserlistError(.noInput, Diagnostic(.unreadableInput, input: inputName, "the input changed while it was read")) }
            done += n
        }
        return bytes
    }

    /// Characters (not bytes) in `range` of the input: the column where an array starts.
    private static func characters(in source: RereadableBytes, from start: Int, to end: Int, inputName: String) throws(UserlistError) -> Int {
        var count = 0
        var offset = start
        while offset < end {
            let piece = try read(source, offset..<min(end, offset + (1 << 20)), inputName: inputName)
            count += piece.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            offset += piece.count
        }
        return count
    }
}
