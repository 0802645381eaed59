import UserListPlatform
import UserListRendering

/// A full export's partial lines (`SORTKEY<TAB>POSITION<TAB>ROW`), held until the partition ends
/// and then written in the order of their keys: each partition of the partial stage is one sorted
/// run, so the driver merges runs (`sort -m`) instead of sorting the export (see
/// `Integrations/spark/userlist_spark.py`, `merge_runs`).
///
/// A key is hex digits (``CompactSortKey``) and unique (it ends with the position), and a tab
/// sorts before every digit, so ordering whole lines by their bytes orders them by key: what
/// `LC_ALL=C sort -m` and Python's sort of `bytes` compare. The lines live in one buffer; what is
/// sorted is each line's first 8 bytes as one number, its start and its length, and `memcmp`
/// runs only when those 8 bytes tie (sorting the starts alone, every comparison a `memcmp` of two
/// places in 100 MB, was 13% of a 625k-user partition's stage).
struct StageSortedRows {
    private let lines = OutputWriter()
    private var starts: [Int] = []

    /// Where the next line goes: write it (with its line end) after this.
    var output: OutputWriter {
        mutating get {
            starts.append(lines.writtenCount)
            return lines
        }
    }

    private struct Entry {
        var prefix: UInt64
        var start: Int
        var count: Int
    }

    /// Every line, in byte order, to `output`.
    func write(to output: OutputWriter) {
        let bytes = lines.bytes
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var entries = [Entry]()
            entries.reserveCapacity(starts.count)
            for (index, start) in starts.enumerated() {
                let end = index + 1 < starts.count ? starts[index + 1] : buffer.count
                entries.append(Entry(prefix: Self.prefix(base + start, count: end - start), start: start, count: end - start))
            }
            entries.sort { a, b in
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                let shared = min(a.count, b.count)
                let order = shared > 8 ? Memory.compare(base + a.start + 8, base + b.start + 8, shared - 8) : 0
                return order != 0 ? order < 0 : a.count < b.count
            }
            for entry in entries {
                output.write(UnsafeRawBufferPointer(start: base + entry.start, count: entry.count))
            }
        }
    }

    /// The first 8 bytes, big-endian, zeros after a shorter line's end: numbers that order as the
    /// bytes do (a line is never empty, and a key's bytes are never zero).
    private static func prefix(_ start: UnsafeRawPointer, count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 {
            value = value << 8 | UInt64(index < count ? start.load(fromByteOffset: index, as: UInt8.self) : 0)
        }
        return value
    }
}
