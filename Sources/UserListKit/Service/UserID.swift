#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An id as a dedupe key: equal when the bytes are equal, as jq compares strings.
///
/// Swift's `String` equality treats canonically equivalent text as equal (`é` and `e` + U+0301),
/// which would merge two different ids; comparing bytes keeps them apart. Both compare and hash
/// read the UTF-8 in place: UUIDs and GUIDs are too long for small strings, and a big export
/// compares a few of them per insert.
struct UserID: Hashable {
    let text: String

    static func == (lhs: UserID, rhs: UserID) -> Bool {
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        return lhs.withBytes { a in rhs.withBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }
}
