@_spi(Pipeline) import UserListDomain
/// `--search TEXT`: keeps users whose name, email or username contains TEXT, ignoring case and diacritics.
public struct UserSearch: Hashable, Sendable {
    public let text: String
    private let foldedNeedle: [UInt8]

    public init(_ text: String) {
        self.text = text
        foldedNeedle = Array(TextFolding.fold(text).utf8)
    }

    public func matches(_ user: User) -> Bool {
        var scratch: [UInt8] = []
        return matches(user, scratch: &scratch)
    }

    /// The same, folding non-ASCII fields into `scratch` (reused across users: no allocation).
    func matches(_ user: User, scratch: inout [UInt8]) -> Bool {
        contains(user.name, &scratch) || contains(user.email, &scratch) || contains(user.username, &scratch)
    }

    private func contains(_ field: String?, _ scratch: inout [UInt8]) -> Bool {
        guard var field else { return false }
        return field.withUTF8 { containsFolded($0, scratch: &scratch) }
    }

    /// Whether a field's UTF-8 text contains the needle, both folded.
    func containsFolded(_ field: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> Bool {
        if foldedNeedle.isEmpty { return true }
        return TextFolding.foldedContains(field, foldedNeedle, scratch: &scratch)
    }
}
