import CXXHash
import UserListPlatform

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
/// The table is a struct behind a pointer the class owns: as a class's `var`s, every read of the
/// slots and bytes was a dynamic exclusivity check (swift_beginAccess: 256M of 10.4G
/// instructions on `--sort city,name:desc` over 1M users).
final class SortHeadMemo {
    private let table: UnsafeMutablePointer<SortHeadTable>

    init() {
        table = .allocate(capacity: 1)
        table.initialize(to: SortHeadTable())
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
        table.pointee.withHead(of: text, make: make, body)
    }
}

private struct SortHeadTable {
    private struct Slot {
        /// 0 marks an empty slot (a real tag of 0 is stored as 1).
        var tag: UInt32 = 0
        var textCount: UInt32 = 0
        var headCount: UInt32 = 0
        /// Where the text's bytes begin in `bytes`, its head's right after them.
        var offset = 0
    }

    private var bytes: [UInt8] = []
    private var slots = Array(repeating: Slot(), count: 256)
    private var count = 0

    @inline(__always)
    mutating func withHead<Result>(of text: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let tag = Self.tag(userlist_xxh3(text.baseAddress, text.count, Self.seed))
        let mask = slots.count - 1
        var index = Int(tag) & mask
        while slots[index].tag != 0 {
            let slot = slots[index]
            if slot.tag == tag, Int(slot.textCount) == text.count, matches(slot, text) {
                return bytes.withUnsafeBufferPointer { bytes in
                    let start = slot.offset + Int(slot.textCount)
                    return body(UnsafeBufferPointer(rebasing: bytes[start..<(start + Int(slot.headCount))]))
                }
            }
            index = (index + 1) & mask
        }
        let head = make(text)
        if count < SortHeadMemo.capacity, bytes.count + text.count + head.count <= SortHeadMemo.byteCapacity {
            slots[index] = Slot(tag: tag, textCount: UInt32(text.count), headCount: UInt32(head.count), offset: bytes.count)
            bytes.append(contentsOf: text)
            bytes.append(contentsOf: head)
            count += 1
            if count * 4 > slots.count * 3 { grow() }
        }
        return head.withUnsafeBufferPointer(body)
    }

    private func matches(_ slot: Slot, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.isEmpty || bytes.withUnsafeBufferPointer { Memory.compare($0.baseAddress! + slot.offset, text.baseAddress!, text.count) == 0 }
    }

    /// Doubles the table; a slot moves by the low bits of its tag, its text not hashed again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.tag != 0 {
            var index = Int(slot.tag) & mask
            while slots[index].tag != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// Seeded per process, as dedupe's table is: input crafted to collide can't make every
    /// lookup a walk of the table.
    private static let seed = UInt64.random(in: .min ... .max)

    private static func tag(_ hash: UInt64) -> UInt32 {
        let low = UInt32(truncatingIfNeeded: hash)
        return low == 0 ? 1 : low
    }
}
