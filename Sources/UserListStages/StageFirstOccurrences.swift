import UserListKit
import UserListCollections

/// `stage partial --dedupe`: a partition's user lines held until its end, keeping each id's line
/// of smallest position (the first occurrence, as one run's dedupe keeps it). An id's bytes and
/// its line's user JSON are copied into ``ByteChunks`` once, side by side; a later line of a known
/// id replaces the kept one only when its position is smaller (the shuffle delivers map
/// partitions in no particular order).
///
/// 1.25M ids (a page's partition of 5M users) take ~75 MB here, where a ``ByteKeyTable`` (24-byte
/// slots, its own copy of each id) beside an array of entries grown by doubling took ~190 MB, and
/// the page faults of that memory were a third of the stage's time.
final class StageFirstOccurrences {
    /// An id's kept line: 32 bytes.
    private struct Kept {
        /// The id's bytes, then the user JSON's, in ``bytes``.
        var start: UnsafeRawPointer
        var idCount: UInt32
        var jsonCount: UInt32
        var line: Int
        var position: Int

        var id: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: Int(idCount)) }
        var json: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start + Int(idCount), count: Int(jsonCount)) }
    }

    private let bytes = ByteChunks()
    /// Each id's kept line, by the id's number in ``numbers``.
    private let kept = AppendOnlyPages<Kept>()
    private var numbers = ByteKeyNumbers(minimumCapacity: 1 << 12)

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
    /// on 1.25M ids.
    func add(_ lines: [Line]) throws(UserlistError) {
        // The table as a local for the loop (swapped out, not copied): through the class's
        // property every lookup retained and released its storage (~25% of the stage).
        var numbers = ByteKeyNumbers()
        swap(&numbers, &self.numbers)
        defer { swap(&numbers, &self.numbers) }
        let kept = self.kept
        hashes.removeAll(keepingCapacity: true)
        for line in lines { hashes.append(ByteKeyNumbers.hash(line.key)) }
        for k in 0..<min(Self.ahead, lines.count) { numbers.prefetch(hash: hashes[k]) }
        for (k, line) in lines.enumerated() {
            if k + Self.ahead < lines.count { numbers.prefetch(hash: hashes[k + Self.ahead]) }
            guard let (number, new) = numbers.number(of: line.key, hash: hashes[k], keyAt: { kept[$0].id }) else {
                throw UserlistError(.data, Diagnostic(.stage, scope: "stage partial", "more than \(ByteKeyNumbers.maximumCount) ids in one partition", hint: "give the job more partitions"))
            }
            if new {
                kept.append(try keep(line))
            } else if line.position < kept[number].position {
                kept[number] = try keep(line)
            }
        }
    }

    /// `line`'s id and user JSON copied into ``bytes``.
    private func keep(_ line: Line) throws(UserlistError) -> Kept {
        guard line.key.count <= UInt32.max, line.json.count <= UInt32.max else {
            throw UserlistError(.data, Diagnostic(.stage, scope: "stage partial", "line \(line.line) holds 4 GiB or more"))
        }
        let start = bytes.append(line.key, line.json)
        return Kept(start: start, idCount: UInt32(line.key.count), jsonCount: UInt32(line.json.count), line: line.line, position: line.position)
    }

    /// Each kept line (its stage line number, position and user JSON), in the order its id first came.
    func forEachKept(_ body: (Int, Int, UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        try kept.forEach { (entry) throws(UserlistError) in try body(entry.line, entry.position, entry.json) }
    }
}
