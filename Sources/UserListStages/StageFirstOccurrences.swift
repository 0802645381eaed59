import UserListKit
import UserListCollections

/// `stage partial --dedupe`: a partition's user lines held until its end, keeping each id's line
/// of smallest position (the first occurrence, as one run's dedupe keeps it). The lines are
/// copied into one buffer; a later line of a known id replaces the kept one only when its
/// position is smaller (the shuffle delivers map partitions in no particular order).
final class StageFirstOccurrences {
    private struct Kept {
        var line: Int
        var position: Int
        /// Which of ``chunks`` holds its key and user JSON, and where.
        var chunk: Int
        var start: Int
        var keyCount: Int
        var jsonCount: Int
    }

    /// The lines' bytes in chunks of ``chunkSize`` (a line bigger than that has one of its own):
    /// one array grown by doubling copied a 5M-user export's partition (~100 MB) over again, and
    /// each copy touched new pages (17% of `stage partial --dedupe`, page faults and memmove).
    private var chunks: [[UInt8]] = []
    private static let chunkSize = 4 << 20
    private var kept: [Kept] = []
    /// Each id's entry in ``kept``, found by the id's bytes (a `[[UInt8]: Int]` with SipHash and
    /// an array per id was ~17% of `stage partial --dedupe` on 200k users).
    private var index = ByteKeyTable<Int>(minimumCapacity: 1 << 12, empty: -1)

    func add(line: Int, position: Int, key: UnsafeRawBufferPointer, json: UnsafeRawBufferPointer) {
        let id = key.assumingMemoryBound(to: UInt8.self)
        let place = index.find(id, hash: ByteKeyTable<Int>.hash(id))
        if place.found {
            let known = index.value(at: place)
            guard position < kept[known].position else { return }
            kept[known] = entry(line: line, position: position, key: key, json: json)
        } else {
            index.insert(id, at: place, value: kept.count)
            kept.append(entry(line: line, position: position, key: key, json: json))
        }
    }

    private func entry(line: Int, position: Int, key: UnsafeRawBufferPointer, json: UnsafeRawBufferPointer) -> Kept {
        let count = key.count + json.count
        if chunks.isEmpty || chunks[chunks.count - 1].count + count > Self.chunkSize {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(max(Self.chunkSize, count))
            chunks.append(chunk)
        }
        let last = chunks.count - 1
        let start = chunks[last].count
        chunks[last].append(contentsOf: key)
        chunks[last].append(contentsOf: json)
        return Kept(line: line, position: position, chunk: last, start: start, keyCount: key.count, jsonCount: json.count)
    }

    /// Each kept line (its stage line number, position, key and user JSON), in the order its id first came.
    func forEachKept(_ body: (Int, Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        for entry in kept {
            var failure: UserlistError?
            chunks[entry.chunk].withUnsafeBytes { all in
                let key = UnsafeRawBufferPointer(rebasing: all[entry.start..<(entry.start + entry.keyCount)])
                let json = UnsafeRawBufferPointer(rebasing: all[(entry.start + entry.keyCount)..<(entry.start + entry.keyCount + entry.jsonCount)])
                do throws(UserlistError) { try body(entry.line, entry.position, key, json) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }
}
