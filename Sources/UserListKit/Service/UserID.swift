/// An id as a dedupe key: equal when the bytes are equal, as jq compares strings.
///
/// Swift's `String` equality treats canonically equivalent text as equal (`é` and `e` + U+0301),
/// which would merge two different ids; comparing bytes keeps them apart, and hashes faster.
struct UserID: Hashable {
    let text: String

    static func == (lhs: UserID, rhs: UserID) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
