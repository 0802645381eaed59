import UserListDomain
import UserListPlatform
@_spi(Pipeline) import UserListJSON

/// Reads one input as a sequence of ``InputChunk``s.
///
/// Each new chunk starts with the bytes the previous one could not use (an incomplete document),
/// so documents are never split; a document bigger than a chunk gets a chunk twice the size.
package final class InputReader {
    package let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var descriptorEnded = false
    /// Bytes already read that ``ParallelReader`` handed back: served before the descriptor's.
    private var replay: [(chunk: InputChunk, from: Int)] = []
    /// Bytes to read again from a re-readable copy before anything else (see ``rewind(to:length:)``).
    private var reread: (source: RereadableBytes, range: Range<Int>)?
    /// Where the first chunk starts in the input (not 1:1 for a region of it).
    private var start: (line: Int, columnOffset: Int) = (1, 0)
    /// A UTF-8 byte order mark was dropped from the front: offsets in the file are 3 more.
    /// The bytes of the byte-order marks dropped at the input's start (``InputChunk/skipByteOrderMark()``).
    private var skippedByteOrderMark = 0
    package let chunkSize: Int
    /// The capacity of the biggest chunk made so far: what reading holds at once, for tests.
    package private(set) var largestChunk = 0
    /// The biggest chunk, so the biggest document read whole. One document read whole takes
    /// about ten times its size (the chunk, simdjson's buffers, the mapped strings: a 100 MB
    /// string took 1 GB), so a bigger one is refused, exit 65, before it takes the machine's
    /// memory: a gigabyte string gzipped to a megabyte would have been ended by the OOM killer.
    package static let maximumChunkSize = 512 << 20
    package var maximumChunk = maximumChunkSize
    /// Counts the bytes read from the descriptor (not those read again), when set.
    package var progress: ReadProgress?
    /// Told where the next page is when the input ends (see ``DocumentReader``), when set.
    package var paging: PagingReport?
    /// Set when the input turned out to be gzip, zstd, xz or lzma (see ``Compression``).
    private var decompressor: (any CompressedStream)?
    private var lookedForCompression = false

    /// Small enough that every core gets work early (and `| head -1` answers at once), big
    /// enough that simdjson's per-call cost vanishes.
    package static let defaultChunkSize = 4 << 20

    /// No byte of the input is left to read.
    package var reachedEnd: Bool { descriptorEnded && replay.isEmpty && reread == nil }

    /// What an HTTP error response's body says (see ``readPreamble(of:)``): the Gateway knows
    /// the APIs' error bodies, this module only where the body starts.
    package typealias ErrorBodyReader = (UnsafeRawBufferPointer) -> String?
    private let errorBody: ErrorBodyReader?

    /// Opens `source`; a file that can't be opened is the contract's exit 66. `errorBody` reads
    /// the message of a `curl -i` transcript's error body.
    package init(_ source: InputSource, chunkSize: Int = defaultChunkSize, layout: InputLayout? = nil, errorBody: @escaping ErrorBodyReader) throws(UserlistError) {
        name = source.description
        self.chunkSize = chunkSize
        self.layout = layout
        self.errorBody = errorBody
        switch source {
        case .standardInput:
            fd = FileReading.standardInput
            ownsDescriptor = false
        case .file(let path):
            // `userlist ''` (an unset variable in a script): named, not `userlist: : No such file`.
            guard !path.isEmpty else { throw UserlistError(.noInput, Diagnostic(.unreadableInput, input: "''", "an input's name is empty (an unset variable?)")) }
            do { fd = try FileReading.openInput(path) } catch {
                throw UserlistError(.noInput, Diagnostic(.unreadableInput, input: path, error.reason))
            }
            ownsDescriptor = true
        }
    }

    /// Reads `range` of `source` (a stretch of input `name` that starts at `line` and `columnOffset`).
    package init(_ name: String, region range: Range<Int>, of source: RereadableBytes, line: Int, columnOffset: Int, chunkSize: Int) {
        self.name = name
        self.chunkSize = chunkSize
        errorBody = nil
        fd = -1
        ownsDescriptor = false
        descriptorEnded = true
        reread = range.isEmpty ? nil : (source, range)
        start = (line, columnOffset)
    }

    deinit {
        if ownsDescriptor { FileReading.closeInput(fd) }
    }

    /// This input's bytes from the first chunk on can be read again in place: it is a regular file.
    package var rereadable: RereadableBytes? {
        guard fd >= 0, decompressor == nil, FileReading.isRegularFile(fd) else { return nil }
        let (fd, name, shift) = (fd, name, skippedByteOrderMark)
        return RereadableBytes { buffer, offset throws(SystemError) in try FileReading.read(fd, into: buffer, at: offset + shift, name: name) }
    }

    /// Starts the input again from its first byte: the `length` bytes read so far come from
    /// `source` (this file, or a copy of what a pipe gave), then the input goes on where it was.
    package func rewind(to source: RereadableBytes, length: Int) {
        precondition(replay.isEmpty)
        reread = length > 0 ? (source, 0..<length) : nil
        start = (1, 0)
    }

    package func firstChunk() throws(UserlistError) -> InputChunk {
        var chunk = InputChunk(inputName: name, capacity: chunkSize, firstLine: start.line, firstColumnOffset: start.columnOffset)
        largestChunk = max(largestChunk, chunk.capacity)
        try fill(chunk)
        if start == (1, 0), skippedByteOrderMark == 0 { skippedByteOrderMark = chunk.skipByteOrderMark() }
        if start == (1, 0) {
            // A `curl -i` head bigger than the chunk: read on until its blank line, in a bigger one.
            while InputPreamble.endsInsideAResponseHead(chunk.bytes) {
                guard !reachedEnd, chunk.count < InputPreamble.largestHead else {
                    let problem = reachedEnd ? "the input ends inside the headers of an HTTP response (curl -i): no blank line before a body"
                        : "the headers of an HTTP response (curl -i) go on past \(Self.describe(bytes: InputPreamble.largestHead)): no blank line before a body"
                    throw UserlistError(.data, Diagnostic(.syntax, at: chunk.location(ofOffset: 0), problem))
                }
                chunk = try nextChunk(after: chunk, keepFrom: 0, grow: true)
            }
            try readPreamble(of: chunk)
        }
        if layout == nil { layout = InputLayout.detect(in: chunk.bytes) }
        return chunk
    }

    /// The HTTP response the input's body came with (a `curl -i` transcript), once read.
    package private(set) var response: HTTPResponseHead?

    /// Blanks what comes before the JSON (see ``InputPreamble``); a `curl -i` transcript of an
    /// error (4xx, 5xx, or a redirect `curl` did not follow) is the API's error, exit 65, with
    /// the status and what the body says.
    private func readPreamble(of chunk: InputChunk) throws(UserlistError) {
        let preamble = InputPreamble(chunk.bytes)
        guard preamble.length > 0 else { return }
        chunk.blankKeepingLines(0..<preamble.length)
        response = preamble.response
        guard let response, response.isError else { return }
        var detail = "HTTP \(response.status)" + (response.reason.isEmpty ? "" : " \(response.reason)")
        if let message = errorBody?(UnsafeRawBufferPointer(rebasing: chunk.bytes[preamble.length...])) { detail += ": \(message)" }
        let redirect = response.status < 400
        if redirect, let location = response.location { detail += " (Location: \(location))" }
        throw UserlistError(.data, Diagnostic(.apiError, input: name, detail, hint: redirect ? "curl -L follows redirects" : nil))
    }

    /// How the input lays out its documents: as given, else decided from its first chunk (see ``InputLayout``).
    package private(set) var layout: InputLayout?

    /// The next chunk, starting with `previous`'s bytes from `keepFrom` on; `grow` doubles its size.
    package func nextChunk(after previous: InputChunk, keepFrom: Int, grow: Bool = false) throws(UserlistError) -> InputChunk {
        let (line, column) = previous.position(after: keepFrom)
        let kept = UnsafeRawBufferPointer(rebasing: previous.bytes[keepFrom...])
        let capacity = min(grow ? previous.capacity * 2 : max(chunkSize, kept.count * 2), max(maximumChunk, chunkSize))
        if grow, capacity <= previous.capacity {
            let start = keepFrom + (kept.firstIndex { !$0.isJSONWhitespace } ?? 0)
            throw UserlistError(.data, Diagnostic(.syntax, at: previous.location(ofOffset: start), "a document bigger than \(Self.describe(bytes: capacity)): userlist reads one document whole, in about ten times its size (NDJSON, and an array or envelope of users that begins an input, are read in parts)"))
        }
        let chunk = InputChunk(inputName: name, capacity: capacity, firstLine: line, firstColumnOffset: column)
        largestChunk = max(largestChunk, capacity)
        chunk.append(kept)
        try fill(chunk)
        return chunk
    }

    private static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// Gives back bytes read ahead (`chunk`'s from `from` on), to be read again before anything
    /// more from the descriptor; called in input order.
    package func giveBack(_ chunk: InputChunk, from: Int) {
        if from < chunk.count { replay.append((chunk, from)) }
    }

    /// Reads the input's first bytes: a gzip, zstd, xz or lzma magic number starts decompressing,
    /// anything else is the text's own first bytes.
    private func lookForCompression(into chunk: InputChunk) throws(UserlistError) {
        lookedForCompression = true
        let first: [UInt8]
        do { (first, descriptorEnded) = try Compression.readFirstBytes(fd, name: name) } catch { throw UserlistError(.noInput, error) }
        progress?.addBytes(first.count)
        if let compression = Compression(magic: first) {
            decompressor = try compression.stream(fd, prefix: first, inputName: name, progress: progress)
            descriptorEnded = false
        } else {
            first.withUnsafeBytes { chunk.append($0) }
        }
    }

    /// Fills `chunk` from the replayed bytes, then the re-read ones, then the descriptor, until full or the end.
    private func fill(_ chunk: InputChunk) throws(UserlistError) {
        while !replay.isEmpty, chunk.count < chunk.capacity {
            let (source, from) = replay[0]
            let take = min(source.count - from, chunk.capacity - chunk.count)
            chunk.append(UnsafeRawBufferPointer(rebasing: source.bytes[from..<(from + take)]))
            if from + take == source.count { replay.removeFirst() } else { replay[0].from = from + take }
        }
        // Given-back bytes came from here (or the descriptor) before anything still to re-read.
        if let (source, range) = reread, chunk.count < chunk.capacity {
            let read = try chunk.read(from: source, at: range.lowerBound, count: min(range.count, chunk.capacity - chunk.count), inputName: name)
            reread = read < range.count ? (source, (range.lowerBound + read)..<range.upperBound) : nil
        }
        if chunk.count < chunk.capacity, !descriptorEnded, !lookedForCompression { try lookForCompression(into: chunk) }
        if let decompressor {
            while chunk.count < chunk.capacity, !descriptorEnded {
                if try chunk.read(from: decompressor) == 0 { descriptorEnded = true }
            }
        } else if chunk.count < chunk.capacity, !descriptorEnded {
            let before = chunk.count
            descriptorEnded = try !chunk.read(from: fd)
            progress?.addBytes(chunk.count - before)
        }
    }
}
