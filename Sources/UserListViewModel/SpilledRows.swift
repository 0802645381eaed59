import UserListService
@_spi(Pipeline) import UserListDomain
import HeapModule
import UserListPlatform

/// The encoded rows of a full sort that did not fit its memory budget: sorted runs written one
/// after another to a nameless temporary file (``TemporaryFile``), merged as they are printed.
/// Memory then follows the budget and the ids seen, not the export.
public final class SpilledRows: @unchecked Sendable {
    /// Created with the first run; one file for all, so many runs need no more descriptors.
    private var file: TemporaryFile?
    /// Where each run starts and ends in the file.
    private var runs: [Range<Int>] = []
    let descending: Bool

    init(descending: Bool) { self.descending = descending }

    /// A run's record: a 24-byte header, then the key's bytes and the row's.
    private struct Header {
        var kind: UInt8
        var negative: UInt8
        var firstCount: UInt32
        var secondCount: UInt32
        var rowCount: UInt32
        var sequence: Int

        static let size = 24

        func write(to buffer: inout [UInt8]) {
            buffer.append(kind)
            buffer.append(negative)
            buffer.append(0)
            buffer.append(0)
            for value in [firstCount, secondCount, rowCount] { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
            withUnsafeBytes(of: UInt64(sequence).littleEndian) { buffer.append(contentsOf: $0) }
        }

        init(kind: UInt8, negative: UInt8, firstCount: UInt32, secondCount: UInt32, rowCount: UInt32, sequence: Int) {
            self.kind = kind
            self.negative = negative
            self.firstCount = firstCount
            self.secondCount = secondCount
            self.rowCount = rowCount
            self.sequence = sequence
        }

        init(_ bytes: UnsafeRawBufferPointer) {
            kind = bytes[0]
            negative = bytes[1]
            firstCount = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            secondCount = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            rowCount = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            sequence = Int(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
        }
    }

    /// Writes one run: `keys` sorted, each with its row (`rows[sequence - base]`).
    func spill(_ keys: SortKeyArena, rows: [EncodedRow], base: Int) throws(UserlistError) {
        if file == nil { file = try UserlistError.writingOutput { () throws(SystemError) in try TemporaryFile(name: "sort", purpose: "temporary file for sorting") } }
        let file = file!
        let start = file.length
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        try keys.withSortedEntries { (entries, arena) throws(UserlistError) in
            for entry in entries {
                let key = SortKeyArena.view(entry, arena)
                let row = rows[entry.sequence - base]
                Header(kind: key.kind.rawValue, negative: key.negative ? 1 : 0, firstCount: UInt32(key.first.count),
                       secondCount: UInt32(key.second.count), rowCount: UInt32(row.count), sequence: entry.sequence).write(to: &buffer)
                buffer.append(contentsOf: key.first)
                buffer.append(contentsOf: key.second)
                row.withBytes { buffer.append(contentsOf: $0) }
                if buffer.count >= 1 << 20 {
                    try UserlistError.writingOutput { () throws(SystemError) in try file.append(buffer) }
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        try UserlistError.writingOutput { () throws(SystemError) in try file.append(buffer) }
        runs.append(start..<file.length)
    }

    /// Every row, in sorted order (a k-way merge of the runs).
    public func forEachRow(_ body: (UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        var heap = Heap<Head>()
        guard let file else { return }
        var readers = runs.map { RunReader(file, range: $0) }
        for index in readers.indices {
            if let record = try readers[index].next() { heap.insert(Head(record: record, run: index, descending: descending)) }
        }
        while let head = heap.popMin() {
            var failure: UserlistError?
            head.record.row.withUnsafeBytes { bytes in
                do throws(UserlistError) { try body(bytes) } catch { failure = error }
            }
            if let failure { throw failure }
            if let record = try readers[head.run].next() { heap.insert(Head(record: record, run: head.run, descending: descending)) }
        }
    }

    /// One record read back.
    private struct Record {
        var header: Header
        /// The key's bytes (first, then second part).
        var key: [UInt8]
        var row: [UInt8]
    }

    /// A run's current record in the merge.
    private struct Head: Comparable {
        var record: Record
        var run: Int
        var descending: Bool

        static func < (l: Head, r: Head) -> Bool {
            l.record.key.withUnsafeBytes { lk in
                r.record.key.withUnsafeBytes { rk in
                    SortKeyView.precedes(view(l.record, lk), l.record.header.sequence, view(r.record, rk), r.record.header.sequence, descending: l.descending)
                }
            }
        }

        static func == (l: Head, r: Head) -> Bool { l.record.header.sequence == r.record.header.sequence }

        private static func view(_ record: Record, _ key: UnsafeRawBufferPointer) -> SortKeyView {
            let first = Int(record.header.firstCount)
            return SortKeyView(
                kind: SortKeyView.Kind(rawValue: record.header.kind) ?? .missing, negative: record.header.negative != 0,
                first: UnsafeRawBufferPointer(rebasing: key[..<first]), second: UnsafeRawBufferPointer(rebasing: key[first...]))
        }
    }

    /// Reads a run's records in order through a buffer.
    private struct RunReader {
        let file: TemporaryFile
        /// Bytes of the run not yet read into the buffer.
        private var unread: Range<Int>
        private var buffer: [UInt8] = Array(repeating: 0, count: 256 << 10)
        private var start = 0
        private var end = 0

        init(_ file: TemporaryFile, range: Range<Int>) {
            self.file = file
            unread = range
        }

        mutating func next() throws(UserlistError) -> Record? {
            guard try ensure(Header.size) else { return nil }
            let header = buffer.withUnsafeBytes { Header(UnsafeRawBufferPointer(rebasing: $0[start..<(start + Header.size)])) }
            let keyCount = Int(header.firstCount) + Int(header.secondCount)
            let total = Header.size + keyCount + Int(header.rowCount)
            guard try ensure(total) else {
                throw UserlistError(.output, Diagnostic(.damagedTemporaryFile, input: "temporary file for sorting", "a run ends inside a record"))
            }
            let keyStart = start + Header.size
            let record = Record(header: header, key: Array(buffer[keyStart..<(keyStart + keyCount)]), row: Array(buffer[(keyStart + keyCount)..<(start + total)]))
            start += total
            return record
        }

        /// Whether `count` bytes are buffered from `start` (reading more as needed); false at the end.
        private mutating func ensure(_ count: Int) throws(UserlistError) -> Bool {
            if end - start >= count { return true }
            // Move what is left to the front, grow for a record bigger than the buffer, refill.
            if start > 0 {
                buffer.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
                end -= start
                start = 0
            }
            if buffer.count < count { buffer += Array(repeating: 0, count: count - buffer.count) }
            while end < count {
                let want = min(buffer.count - end, unread.count)
                if want == 0 { return false }
                let (filled, from) = (end, unread.lowerBound)
                let read = try UserlistError.writingOutput { () throws(SystemError) in try file.read(into: &buffer, filled..<(filled + want), at: from) }
                if read == 0 { return false }
                end += read
                unread = (unread.lowerBound + read)..<unread.upperBound
            }
            return true
        }
    }
}

extension SpilledRows: Hashable {
    public static func == (lhs: SpilledRows, rhs: SpilledRows) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
