import HeapModule
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListViewModel
import UserListCollections

/// A page's best `page × page size` matches in one map stage, decided from their keys: only these
/// are built and sent whole (`*` lines); a match past them travels as `~` (counted by the partial
/// stage if dedupe keeps it, never built), as a record the search can't match travels as a
/// shadow. On 625k users `--search an --sort name --page 3`, the map built and sent ~270k
/// matches for a page of 20 (52 MB of the partition's lines, its 1.33 s of CPU half spent building them).
///
/// What it holds back can matter only when one of its best is not its id's first occurrence —
/// dedupe drops it, and a match it held back may move up. So a repeated id within the stage is
/// never a candidate (a later occurrence can't win), and the counts say how many were sent and,
/// when the stage held any back, the sort key of its last best: the merge knows whether its page
/// is exact (``StageStatistics/HeldBack``), and says when the job must run again with every
/// match sent (`stage map --all-candidates`).
final class MapStageBest {
    private struct Entry: Comparable {
        /// ``CompactSortKey``'s text: its bytes' order is the page's.
        let key: [UInt8]
        let id: String
        let position: Int
        let user: User
        let value: SortValue?

        static func < (a: Entry, b: Entry) -> Bool { a.key.lexicographicallyPrecedes(b.key) }
        static func == (a: Entry, b: Entry) -> Bool { a.key == b.key }
    }

    let limit: Int
    private let descending: Bool
    private var best = Heap<Entry>()
    /// Every user id this stage met (``note(_:)``): a later occurrence never wins dedupe, so one
    /// that would join the best goes as a shadow instead. Compared by bytes, as dedupe compares
    /// them (a `Set<String>` would take `é` and `e` + U+0301 for one id).
    private let seen = NotedKeys()
    private var heldBack = false
    private var scratch: [UInt8] = []

    /// The judge's bound, set from the last best once the stage has `limit` of them: a match
    /// past it is judged `.counted`, held back without its sort value made (as one run's page).
    let bound: PageBound?

    init(limit: Int, descending: Bool, bound: PageBound?) {
        precondition(limit > 0, "a page keeps at least one user")
        self.limit = limit
        self.descending = descending
        self.bound = bound
    }

    /// A match the judge put past the bound: held back.
    func heldBackPastBound() { heldBack = true }

    /// Notes a record's id, one that is not offered (``offer(_:_:position:user:heldBack:)`` notes its own).
    func note(_ id: String) {
        Self.withBytes(of: id) { seen.note($0, hash: $1) }
    }

    /// `body` with an id's UTF-8 bytes and their ``NotedKeys/hash(_:)``.
    private static func withBytes<R>(of id: String, _ body: (UnsafeRawBufferPointer, UInt64) -> R) -> R {
        var id = id
        return id.withUTF8 { id in
            let bytes = UnsafeRawBufferPointer(id)
            return body(bytes, NotedKeys.hash(bytes))
        }
    }

    /// A match of sort value `value` at `position`, its user made by `user()` only if it is among
    /// the best so far. `heldBack(id, position)` writes a match's `~` line: this one's, or the
    /// one it pushes out.
    /// False, and nothing written, for an id this stage met before that would join the best: it
    /// can't win dedupe, and there it would push out a match that can (the merge would then have
    /// to run the job again); the caller sends it as a shadow.
    func offer(_ id: String, _ value: SortValue?, position: Int, user: () throws(UserlistError) -> User, heldBack write: (String, Int) -> Void) throws(UserlistError) -> Bool {
        var key: [UInt8] = []
        CompactSortKey.appendText(value, descending: descending, position: position, to: &key, scratch: &scratch)
        // Asked only of a match that would join the best: most never get this far.
        let joins = best.count < limit || best.max.map { key.lexicographicallyPrecedes($0.key) } ?? true
        let repeated = Self.withBytes(of: id) { bytes, hash in
            defer { seen.note(bytes, hash: hash) }
            return joins && seen.contains(bytes, hash: hash)
        }
        if repeated { return false }
        if best.count < limit {
            best.insert(Entry(key: key, id: id, position: position, user: try user(), value: value))
            if best.count == limit { publishBound() }
            return true
        }
        heldBack = true
        guard let worst = best.max, key.lexicographicallyPrecedes(worst.key) else {
            write(id, position)
            return true
        }
        let out = best.replaceMax(with: Entry(key: key, id: id, position: position, user: try user(), value: value))
        write(out.id, out.position)
        publishBound()
        return true
    }

    /// The last best's text or composite key, for the judge's ``bound``.
    private func publishBound() {
        guard let bound else { return }
        switch best.max?.value {
        case .text(let folded, _)?: bound.publish(folded: folded)
        case .bytes(let bytes)?: bound.publish(bytes: bytes)
        default: break
        }
    }

    /// The best, each as `write(id, position, user)`, and what the counts say of them.
    func finish(_ write: (String, Int, User) -> Void) -> StageStatistics.HeldBack {
        var held = StageStatistics.HeldBack()
        held.sent = best.count
        if heldBack, let worst = best.max { held.bound = String(decoding: worst.key, as: UTF8.self) }
        for entry in best.unordered { write(entry.id, entry.position, entry.user) }
        return held
    }
}
