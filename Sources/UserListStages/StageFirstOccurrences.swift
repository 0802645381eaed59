import UserListKit
import UserListCollections

/// `stage partial --dedupe`: a partition's user lines held until its end, keeping each id's line
/// of smallest position (the first occurrence, as one run's dedupe keeps it). The lines are
/// copied into ``ByteChunks``; a later line of a known id replaces the kept one only when its
/// position is smaller (the shuffle delivers map partitions in no particular order).
final class StageFirstOccurrences {
    private struct Kept {
        var line: Int
        var position: Int
        /// Its user JSON, in ``lines`` (its id is the index's: kept once).
        var json: UnsafeRawBufferPointer
    }

    private let lines = ByteChunks()
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
            kept[known] = Kept(line: line, position: position, json: lines.append(json))
        } else {
            index.insert(id, at: place, value: kept.count)
            kept.append(Kept(line: line, position: position, json: lines.append(json)))
        }
    }

    /// Each kept line (its stage line number, position and user JSON), in the order its id first came.
    func forEachKept(_ body: (Int, Int, UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        for entry in kept { try body(entry.line, entry.position, entry.json) }
    }
}
