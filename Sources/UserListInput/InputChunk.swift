import UserListDomain
import UserListPlatform
import Synchronization
@_spi(Pipeline) import UserListJSON

/// One chunk of an input's bytes, padded for simdjson, and where it starts in the input.
///
/// Chunks are immutable once read, so a ``RecordBatch`` can keep its chunk alive to locate a bad
/// record later, on another thread, while the next chunk is being parsed.
@_spi(Pipeline) public final class InputChunk: @unchecked Sendable {
    package let inputName: String
    @usableFromInline let storage: UnsafeMutableRawPointer
    package let capacity: Int
    /// Valid bytes at the front of `storage`.
    @usableFromInline package fileprivate(set) var count = 0
    /// 1-based line of the first byte in the whole input.
    package let firstLine: Int
    /// Characters between the start of that line and the first byte.
    package let firstColumnOffset: Int
    /// ``lineStarts()``, once made.
    private let lineTable = Mutex<[Int]?>(nil)
    /// Line breaks among the valid bytes, counted as bytes arrive (see ``counted(from:)``).
    private var newlines = 0

    package init(inputName: String, capacity: Int, firstLine: Int, firstColumnOffset: Int) {
        self.inputName = inputName
        self.capacity = capacity
        self.firstLine = firstLine
        self.firstColumnOffset = firstColumnOffset
        storage = ChunkStoragePool.shared.take(byteCount: capacity + JSONDocumentStream.padding)
    }

    deinit { ChunkStoragePool.shared.give(storage, byteCount: capacity + JSONDocumentStream.padding) }

    /// Read per record by the Gateway (`@inlinable`: `package` is not inlined across modules).
    @inlinable @_spi(Pipeline) public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

    /// Where a region may end without cutting a top-level number or literal in two (the one cut
    /// a parse can't see: `12` cut as `1` still parses): after the last line break, else after the
    /// last `}` or `]`, so documents one after another on one long line stream too; 0 when neither.
    package var safeRegionEnd: Int {
        let b = bytes
        if let lineBreak = b.lastIndex(of: UInt8(ascii: "\n")) { return lineBreak + 1 }
        return b.lastIndex { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") }.map { $0 + 1 } ?? 0
    }

    /// Appends up to the capacity; simdjson reads past the end in wide loads, so the padding is zeroed.
    package func append(_ more: UnsafeRawBufferPointer) {
        precondition(count + more.count <= capacity)
        if let base = more.baseAddress { (storage + count).copyMemory(from: base, byteCount: more.count) }
        count += more.count
        counted(from: count - more.count)
        forgetLines()
        Memory.zero(storage + count, count: JSONDocumentStream.padding)
    }

    /// Reads from `fd` until full or the input ends; returns false at the end of the input.
    ///
    /// From a pipe or a terminal that has had nothing more to give for 50 ms (`curl` streaming a
    /// slow export, `tail -f`), it returns early once it holds a whole line, so those lines are
    /// decided and printed now instead of when 4 MiB have come.
    func read(from fd: Int32) throws(UserlistError) -> Bool {
        defer {
            Memory.zero(storage + count, count: JSONDocumentStream.padding)
            forgetLines()
        }
        while count < capacity {
            let wanted = min(capacity - count, Self.readPiece)
            let n: Int
            do { n = try FileReading.readAvailable(fd, into: storage + count, count: wanted, name: inputName) } catch { throw UserlistError(.noInput, error) }
            if n == 0 { return false }
            count += n
            counted(from: count - n)
            if n < wanted, !Self.hasDataWaiting(fd), Memory.first(UInt8(ascii: "\n"), in: storage, count: count) != nil { return true }
        }
        return true
    }

    /// How much one `read` asks for: a piece that stays in the core's cache between the copy that
    /// brings it and the count of its line breaks. Counting a whole 4 MiB chunk afterwards went
    /// back to memory for it (3.4% of W1's time on 1M users, one thread).
    private static let readPiece = 256 << 10

    /// Adds the line breaks of the bytes from `start` to the end to ``newlines``.
    private func counted(from start: Int) {
        newlines += TextPosition.countNewlines(in: UnsafeRawBufferPointer(start: storage + start, count: count - start))
    }

    /// Whether `fd` has more to read within 50 ms (at once, for a regular file). A fast writer
    /// (`cat big.ndjson |`) refills a pipe well within that even on busy cores, so its chunks stay
    /// full; waiting 0 ms split them at every pipe buffer and cost a third of a run (2.4 -> 3.8 s).
    private static func hasDataWaiting(_ fd: Int32) -> Bool {
        FileReading.hasDataWaiting(fd, milliseconds: 50)
    }

    /// A chunk at the same place in the input holding `bytes` instead (same line and column start).
    package func replacingBytes(with bytes: [UInt8]) -> InputChunk {
        let chunk = InputChunk(inputName: inputName, capacity: max(bytes.count, 1), firstLine: firstLine, firstColumnOffset: firstColumnOffset)
        bytes.withUnsafeBytes { chunk.append($0) }
        return chunk
    }

    /// Turns the bytes at `offsets` into spaces (an array's own punctuation, see ``ArrayElementScanner``).
    package func blank(_ offsets: [Int]) {
        for offset in offsets where offset < count {
            if storage.load(fromByteOffset: offset, as: UInt8.self) == UInt8(ascii: "\n") { newlines -= 1 }
            storage.storeBytes(of: UInt8(ascii: " "), toByteOffset: offset, as: UInt8.self)
        }
    }

    /// Turns the bytes of `range` into spaces, all but its line breaks (an input's preamble,
    /// see ``InputPreamble``): every position after it stays the input's own.
    func blankKeepingLines(_ range: Range<Int>) {
        for offset in range where offset < count && storage.load(fromByteOffset: offset, as: UInt8.self) != UInt8(ascii: "\n") {
            storage.storeBytes(of: UInt8(ascii: " "), toByteOffset: offset, as: UInt8.self)
        }
        forgetLines()
    }

    /// Drops the UTF-8 byte order marks at the very start of the input — one, or several where a
    /// tool added its own to a file that had one (the text after them is whole: a second mark
    /// there was "improper structure", fatal even with --skip-bad-json); the bytes dropped.
    package func skipByteOrderMark() -> Int {
        let b = bytes
        var marks = 0
        while b.count >= marks + 3, b[marks] == 0xEF, b[marks + 1] == 0xBB, b[marks + 2] == 0xBF { marks += 3 }
        guard marks > 0 else { return 0 }
        Memory.move(storage, from: storage + marks, count: count - marks)
        count -= marks
        forgetLines()
        return marks
    }

    /// Appends what `stream` decompresses next, up to the capacity; the count (0 at its end).
    func read(from stream: any CompressedStream) throws(UserlistError) -> Int {
        let n = try stream.read(into: UnsafeMutableRawBufferPointer(start: storage + count, count: capacity - count))
        count += n
        counted(from: count - n)
        forgetLines()
        Memory.zero(storage + count, count: JSONDocumentStream.padding)
        return n
    }

    /// Appends `wanted` bytes of `source` from `offset` (fewer only if it ends); the count read.
    func read(from source: RereadableBytes, at offset: Int, count wanted: Int, inputName: String) throws(UserlistError) -> Int {
        var done = 0
        while done < wanted {
            let n: Int
            do {
                n = try source.read(UnsafeMutableRawBufferPointer(start: storage + count, count: wanted - done), offset + done)
            } catch {
                throw UserlistError(.noInput, error)
            }
            if n == 0 { break }
            count += n
            counted(from: count - n)
            done += n
        }
        forgetLines()
        Memory.zero(storage + count, count: JSONDocumentStream.padding)
        return done
    }

    /// The line and column where byte `offset` would start the next chunk.
    package func position(after offset: Int) -> (line: Int, columnOffset: Int) {
        let consumed = UnsafeRawBufferPointer(start: storage, count: offset)
        // The chunk's line breaks were counted as it was read; those of the bytes left (the
        // next chunk's start, a partial record) are few.
        let newlines = self.newlines - TextPosition.countNewlines(in: UnsafeRawBufferPointer(start: storage + offset, count: count - offset))
        guard newlines > 0 else { return (firstLine, firstColumnOffset + Self.characterCount(consumed)) }
        let lineStart = Self.lineStart(in: consumed)
        return (firstLine + newlines, Self.characterCount(UnsafeRawBufferPointer(rebasing: consumed[lineStart...])))
    }

    /// The 1-based line and column of byte `offset`, in the whole input.
    ///
    /// The chunk's line starts are found once, on the first call, and searched after that: a
    /// dirty export with 100,000 rejects (`--skip-bad-json --rejects`) counted lines from the
    /// chunk's start for each of them and took 301 s.
    package func location(ofOffset offset: Int, path: String? = nil) -> SourceLocation {
        let end = min(max(offset, 0), count)
        let starts = lineStarts()
        // Line starts at or before `end`: how many line breaks come before it.
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= end { low = mid + 1 } else { high = mid }
        }
        let newlines = low
        let lineStart = newlines > 0 ? starts[newlines - 1] : 0
        var column = Self.characterCount(UnsafeRawBufferPointer(start: storage + lineStart, count: end - lineStart)) + 1
        if newlines == 0 { column += firstColumnOffset }
        return SourceLocation(input: inputName, line: firstLine + newlines, column: column, path: path)
    }

    /// ``location(ofOffset:path:)`` for many offsets at once: walked in increasing order, the
    /// characters between one and the next are counted once, so a long line holding thousands of
    /// records costs one pass, not one pass per record.
    package func locations(ofOffsets offsets: [Int], paths: [String?]) -> [SourceLocation] {
        let starts = lineStarts()
        var results = [SourceLocation?](repeating: nil, count: offsets.count)
        var newlines = 0
        var position = 0
        var column = 1 + firstColumnOffset
        for slot in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
            let end = min(max(offsets[slot], 0), count)
            while newlines < starts.count, starts[newlines] <= end {
                position = starts[newlines]
                newlines += 1
                column = 1
            }
            column += Self.characterCount(UnsafeRawBufferPointer(start: storage + position, count: end - position))
            position = end
            results[slot] = SourceLocation(input: inputName, line: firstLine + newlines, column: column, path: paths[slot])
        }
        return results.map { $0! }
    }

    /// The bytes changed (a chunk is filled before it is read): the line table is made again if asked.
    private func forgetLines() {
        lineTable.withLock { $0 = nil }
    }

    /// Offsets just after each line break of the chunk, found once (reporting is a slow path,
    /// and may run on several threads: the table is made under a lock).
    private func lineStarts() -> [Int] {
        lineTable.withLock { table in
            if let table { return table }
            var starts: [Int] = []
            var from = 0
            while from < count, let found = Memory.first(UInt8(ascii: "\n"), in: storage + from, count: count - from) {
                let at = UnsafeRawPointer(storage).distance(to: found)
                starts.append(at + 1)
                from = at + 1
            }
            table = starts
            return starts
        }
    }

    /// Offset just after the last line break in `bytes` (which has one).
    private static func lineStart(in bytes: UnsafeRawBufferPointer) -> Int {
        var i = bytes.count - 1
        while bytes[i] != UInt8(ascii: "\n") { i -= 1 }
        return i + 1
    }

    private static func characterCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
