/// A String compared and hashed by its UTF-8 bytes, as jq compares strings and as dedupe compares
/// ids. Swift's own String equality is canonical equivalence (`"Mu\u{308}nchen" == "München"`),
/// which made `--count-by` count two spellings as one value where `--where` tells them apart.
struct ExactText: Hashable, Sendable {
    let text: String

    static func == (l: ExactText, r: ExactText) -> Bool { l.text.utf8.elementsEqual(r.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
