@_spi(Pipeline) import UserListDomain
/// `--search TEXT`: keeps users whose name, email or username contains TEXT, ignoring case and diacritics.
public struct UserSearch: Hashable, Sendable {
    public let text: String
    private let foldedNeedle: [UInt8]
    /// `--search-locale`: both sides are lower-cased by its rules before they are folded (in
    /// Turkish `I` is `ı` and `İ` is `i`); nil: the folding alone, the same everywhere.
    public let locale: ICULocale?

    public init(_ text: String, locale: ICULocale? = nil) {
        self.text = text
        self.locale = locale
        foldedNeedle = Array(TextFolding.fold(locale?.lowercased(text) ?? text).utf8)
    }

    public func matches(_ user: User) -> Bool {
        var scratch: [UInt8] = []
        return matches(user, scratch: &scratch)
    }

    /// The same, folding non-ASCII fields into `scratch` (reused across users: no allocation).
    package func matches(_ user: User, scratch: inout [UInt8]) -> Bool {
        contains(user.name, &scratch) || contains(user.email, &scratch) || contains(user.username, &scratch)
    }

    private func contains(_ field: String?, _ scratch: inout [UInt8]) -> Bool {
        guard var field else { return false }
        return field.withUTF8 { containsFolded($0, scratch: &scratch) }
    }

    /// Whether a field's UTF-8 text contains the needle, both folded.
    func containsFolded(_ field: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> Bool {
        if foldedNeedle.isEmpty { return true }
        if let locale {
            var lowered = locale.lowercased(String(decoding: field, as: UTF8.self))
            return lowered.withUTF8 { TextFolding.foldedContains($0, foldedNeedle, scratch: &scratch) }
        }
        return TextFolding.foldedContains(field, foldedNeedle, scratch: &scratch)
    }
}

extension UserSearch {
    /// `text` folded as `--search` folds both sides (case, diacritics, width): what a page's own
    /// search box compares, so it finds what `--search` finds.
    package static func folded(_ text: String) -> String { TextFolding.fold(text) }

    /// Appends `text` folded as ``folded(_:)`` folds it, without a String in between when it can.
    package static func appendFolded(_ text: String, to out: inout [UInt8]) {
        var text = text
        let done = text.withUTF8 { utf8 -> Bool in
            if TextFolding.isASCII(utf8) {
                for byte in utf8 { out.append(TextFolding.lowercaseASCII(byte)) }
                return true
            }
            return TextFolding.appendFolded(utf8, to: &out)
        }
        if !done { out.append(contentsOf: TextFolding.fold(text).utf8) }
    }

    /// The folding table `--search` uses, as the base64 text it is stored as (see
    /// `FoldingTable`), for a page's search box to fold what is typed exactly the same way.
    package static var foldingTableBase64: String { FoldingTable.blob.description }
    /// The scalars folding joins with the one before them first (``CanonicalComposition``), for the page's script.
    package static var composingScalars: [UInt32] { CanonicalComposition.seconds }
}
