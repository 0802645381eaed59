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
        /// Which of ``chunks`` holds its user JSON, and where (its id is the index's: kept once).
        var chunk: Int
        var start: Int
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
            kept[known] = entry(line: line, position: position, json: json)
        } else {
            index.insert(id, at: place, value: kept.count)
            kept.append(entry(line: line, position: position, json: json))
        }
    }

    private func entry(line: Int, position: Int, json: UnsafeRawBufferPointer) -> Kept {
        if chunks.isEmpty || chunks[chunks.count - 1].count + json.count > Self.chunkSize {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(max(Self.chunkSize, json.count))
            chunks.append(chunk)
        }
        let last = chunks.count - 1
        let start = chunks[last].count
        chunks[last].append(contentsOf: json)
        return Kept(line: line, position: position, chunk: last, start: start, jsonCount: json.count)
    }

    /// Each kept line (its stage line number, position and user JSON), in the order its id first came.
    func forEachKept(_ body: (Int, Int, UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        for entry in kept {
            var failure: UserlistError?
            chunks[entry.chunk].withUnsafeBytes { all in
                let json = UnsafeRawBufferPointer(rebasing: all[entry.start..<(entry.start + entry.jsonCount)])
                do throws(UserlistError) { try body(entry.line, entry.position, json) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }
}
