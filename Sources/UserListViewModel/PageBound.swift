import Synchronization

/// The sort key a match must beat to enter a full page, published by the ``PageCollector`` for
/// the reading threads, which then drop a match that can't (top-k pushed down to where records
/// are judged): its sort value is never made, and it reaches the collector as a match with no key,
/// which a full page never keeps but still counts.
///
/// Only the first 8 bytes of the worst kept entry's folded text (or composite key, `--sort
/// city,name:desc`, `--collate`: its bytes are compared as they are), big-endian, as
/// ``SortKeyArena``'s prefixes: a match whose own prefix is past it (after it in the page's
/// order) is past the worst entry, and the worst entry only gets better as the page fills, so a
/// bound read a little late is still a bound. Equal prefixes decide nothing and are left to the
/// collector. One atomic word, read once a record without a lock: on W1 (`--search an --sort name
/// --page 3`) about 430k of 1M users match and all but a few hundred are past the page.
package final class PageBound: Sendable {
    private let prefix = Atomic<UInt64>(0)
    /// How many of a key's folded bytes the bound compares.
    static let prefixLength = 8
    private let isSetFlag = Atomic<Bool>(false)
    package let descending: Bool

    package init(descending: Bool) { self.descending = descending }

    /// The page is full and its worst entry's folded text is `folded`.
    package func publish(folded: String) {
        var folded = folded
        publish(folded.withUTF8 { SortKeyArena.prefix($0) })
    }

    /// The page is full and its worst entry's composite key is `bytes` (compared as they are).
    package func publish(bytes: [UInt8]) {
        publish(bytes.withUnsafeBufferPointer { SortKeyArena.prefix($0) })
    }

    private func publish(_ value: UInt64) {
        prefix.store(value, ordering: .relaxed)
        isSetFlag.store(true, ordering: .releasing)
    }

    /// Whether the page is full, and the bound set.
    var isSet: Bool { isSetFlag.load(ordering: .acquiring) }

    /// Whether a match whose folded key begins with `folded` can't enter the page.
    @inline(__always)
    func excludes(folded: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isSetFlag.load(ordering: .acquiring) else { return false }
        let bound = prefix.load(ordering: .relaxed)
        let own = SortKeyArena.prefix(folded)
        return descending ? own < bound : own > bound
    }
}
