import UserListCollections

/// The first key's term of composite sort keys (``CompositeSortKey``), made once per distinct
/// text one reading thread sees and looked up after that.
///
/// Why: `--sort city --collate sv` asked ICU for a collation key of every record's city before
/// the page's bound could judge it — about 5,000 instructions a record, 54% more than the whole
/// `--sort city` run on 1M users — where a city has ten users or more; the folded first key of
/// `--sort city,name:desc` was a `String` and a fold per record. A lookup is one XXH3 hash and
/// one memcmp. Per thread (held in its ``JudgeScratch``), so no lock.
///
/// Bounded: past ``capacity`` texts (or ``byteCapacity`` bytes), a first key of mostly unique
/// values (`--sort email --collate sv`), nothing more is kept and keys are made as before.
///
/// A ``ByteKeyTable`` of texts, each with its head's bytes after its own and their count as its
/// value. The table is a struct behind a pointer the class owns: as a class's `var`s, every read
/// of the slots and bytes was a dynamic exclusivity check (swift_beginAccess: 256M of 10.4G
/// instructions on `--sort city,name:desc` over 1M users).
final class SortHeadMemo {
    private let table: UnsafeMutablePointer<ByteKeyTable<UInt32>>

    init() {
        table = .allocate(capacity: 1)
        // 256 slots to begin with.
        table.initialize(to: ByteKeyTable(minimumCapacity: 192, empty: 0))
    }

    deinit {
        table.deinitialize(count: 1)
        table.deallocate()
    }

    static let capacity = 1 << 14
    static let byteCapacity = 4 << 20

    /// `body` with the head of `text` (`make`'s, kept from the first time this text came).
    @inline(__always)
    func withHead<Result>(of text: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        Self.withHead(of: text, in: &table.pointee, make: make, body)
    }

    /// The table borrowed in place: a method called on `table.pointee` itself copied the table,
    /// retaining and releasing its two buffers on every lookup (+1.7% of `--sort city,name:desc`).
    @inline(__always)
    private static func withHead<Result>(of text: UnsafeBufferPointer<UInt8>, in table: inout ByteKeyTable<UInt32>, make: (UnsafeBufferPointer<UInt8>) -> [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let place = table.find(text, hash: ByteKeyTable<UInt32>.hash(text))
        if place.found { return table.withBytes(following: place, count: Int(table.value(at: place)), body) }
        let head = make(text)
        if table.count < capacity, table.byteCount + text.count + head.count <= byteCapacity {
            table.insert(text, at: place, value: UInt32(head.count), following: head)
        }
        return head.withUnsafeBufferPointer(body)
    }
}
