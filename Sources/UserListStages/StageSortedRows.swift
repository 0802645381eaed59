import UserListCollections
import UserListPlatform
import UserListRendering

/// A full export's partial lines (`SORTKEY<TAB>POSITION<TAB>ROW`), held until the partition ends
/// and then written in the order of their keys: each partition of the partial stage is one sorted
/// run, so the driver merges runs (`sort -m`) instead of sorting the export (see
/// `Integrations/spark/userlist_spark.py`, `merge_runs`).
///
/// A key is ``CompactSortKey``'s characters and unique (it ends with the position), and a tab
/// sorts before every one of them, so ordering whole lines by their bytes orders them by key: what
/// `LC_ALL=C sort -m` and Python's sort of `bytes` compare. What is sorted is each line's first 8
/// bytes as one number, its place and its length, and `memcmp` runs only when those 8 bytes tie
/// (sorting the places alone, every comparison a `memcmp` of two places in 100 MB, was 13% of a
/// 625k-user partition's stage). The lines are built one at a time in a reused writer and kept
/// in ``ByteChunks``: one in-memory writer for them all grew by doubling and was copied once more
/// whole to be sorted (page faults and `memmove`, ~15% of the stage).
final class StageSortedRows {
    private let line = OutputWriter()
    private let lines = ByteChunks()
    private var entries: [Entry] = []

    private struct Entry {
        var prefix: UInt64
        var start: UnsafeRawPointer
        var count: Int
    }

    /// Where the next line goes: write it whole (with its line end), then call ``endLine()``.
    var output: OutputWriter {
        line.removeAll()
        return line
    }

    /// Keeps the line just written to ``output``.
    func endLine() {
        line.withWrittenBytes { bytes in
            let kept = lines.append(bytes)
            entries.append(Entry(prefix: Self.prefix(bytes), start: kept.baseAddress!, count: kept.count))
        }
    }

    /// Every line, in byte order, to `output`.
    func write(to output: OutputWriter) {
        forEachSortedLine { output.write($0) }
    }

    /// Every line (with its line end), in byte order.
    func forEachSortedLine(_ body: (UnsafeRawBufferPointer) -> Void) {
        entries.sort { a, b in
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            let shared = min(a.count, b.count)
            let order = shared > 8 ? Memory.compare(a.start + 8, b.start + 8, shared - 8) : 0
            return order != 0 ? order < 0 : a.count < b.count
        }
        for entry in entries {
            body(UnsafeRawBufferPointer(start: entry.start, count: entry.count))
        }
    }

    /// The first 8 bytes, big-endian, zeros after a shorter line's end: numbers that order as the
    /// bytes do (a line is never empty, and a key's bytes are never zero).
    private static func prefix(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 {
            value = value << 8 | UInt64(index < bytes.count ? bytes[index] : 0)
        }
        return value
    }
}
