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

    /// A line for ``add(_:)``: its bytes valid for that call only.
    struct Line {
        let line: Int
        let position: Int
        let key: UnsafeRawBufferPointer
        let json: UnsafeRawBufferPointer
    }

    private var hashes: [UInt64] = []
    /// Lines looked up this far ahead of their turn: far enough for a cache miss, near enough
    /// that the slot is still in cache when its turn comes.
    private static let ahead = 16

    /// Each of `lines`, in order, its slot of the table asked for ``ahead`` lines before its turn:
    /// one lookup at a time, each waiting for its cache miss, was 30% of a page's partial stage
    /// on 1.25M ids (a table of ~50 MB).
    func add(_ lines: [Line]) {
        // The table and the kept entries as locals for the loop (swapped out, not copied): through
        // the class's properties every lookup retained and released their storage (~25% of the stage).
        var index = ByteKeyTable<Int>(minimumCapacity: 0, empty: -1)
        var kept: [Kept] = []
        swap(&index, &self.index)
        swap(&kept, &self.kept)
        defer {
            swap(&index, &self.index)
            swap(&kept, &self.kept)
        }
        hashes.removeAll(keepingCapacity: true)
        for line in lines { hashes.append(ByteKeyTable<Int>.hash(line.key.assumingMemoryBound(to: UInt8.self))) }
        for k in 0..<min(Self.ahead, lines.count) { index.prefetch(hash: hashes[k]) }
        for (k, line) in lines.enumerated() {
            if k + Self.ahead < lines.count { index.prefetch(hash: hashes[k + Self.ahead]) }
            let id = line.key.assumingMemoryBound(to: UInt8.self)
            let place = index.find(id, hash: hashes[k])
            if place.found {
                let known = index.value(at: place)
                guard line.position < kept[known].position else { continue }
                kept[known] = Kept(line: line.line, position: line.position, json: self.lines.append(line.json))
            } else {
                index.insert(id, at: place, value: kept.count)
                kept.append(Kept(line: line.line, position: line.position, json: self.lines.append(line.json)))
            }
        }
    }

    /// Each kept line (its stage line number, position and user JSON), in the order its id first came.
    func forEachKept(_ body: (Int, Int, UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        for entry in kept { try body(entry.line, entry.position, entry.json) }
    }
}
