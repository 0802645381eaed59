@_spi(Pipeline) import UserListDomain
/// `--count-by FIELD`: what users are counted by — a canonical field (by the names `--sort`
/// takes, or as a jq path, `.address.zipcode`) or the domain of their email (`email-domain`).
public struct CountByField: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        case field(CanonicalField)
        /// The email's part after its last `@`, lower-cased (domains ignore case); none without an `@`.
        case emailDomain
    }

    /// The name as given: the output's column.
    public let name: String
    public let source: Source

    /// The names it takes, besides jq paths.
    public static var names: [String] { SortTerm.names.map(\.name) + ["email-domain"] }

    public init(parsing name: String) throws(SortParseError) {
        let path = name.hasPrefix(".") ? String(name.dropFirst()) : nil
        if name.lowercased() == "email-domain" {
            source = .emailDomain
        } else if let path, let field = CanonicalField.allCases.first(where: { $0.rawValue == path }) {
            // A jq path names the canonical user's own keys, exactly as jq would read them.
            source = .field(field)
        } else if path == nil, let field = SortTerm.field(named: name) {
            source = .field(field)
        } else {
            let candidates = path == nil ? Self.names : CanonicalField.allCases.map { "." + $0.rawValue }
            let hint = NameSuggestion.closest(to: name, among: candidates).map { "did you mean '\($0)'? " } ?? ""
            let what = path == nil ? "unknown field '\(name)'" : "'\(name)' is not a text field of the canonical user"
            throw SortParseError(description: "\(what) (\(hint)expected one of \(Self.names.joined(separator: ", ")), or a jq path to one such as .address.zipcode)")
        }
        self.name = name
    }

    /// The canonical field it reads.
    var field: CanonicalField {
        switch source {
        case .field(let field): field
        case .emailDomain: .email
        }
    }

    package var fields: FieldSet { FieldSet(field) }

    /// Whether the keys of a record hold it (the keys path can count by it).
    package var readableFromKeys: Bool { SortKey(field: field) != nil }

    /// The value counted for a user whose field reads `text` (nil: counted as missing).
    @inline(__always)
    func value(_ text: String?) -> String? {
        guard let text else { return nil }
        switch source {
        case .field: return text
        case .emailDomain:
            guard let at = text.utf8.lastIndex(of: UInt8(ascii: "@")) else { return nil }
            let domain = text.utf8[text.utf8.index(after: at)...]
            if domain.isEmpty { return nil }
            return String(decoding: domain.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
    }

    /// The value for `user`.
    func value(of user: User) -> String? { value(user.text(of: field)) }

    /// The value as the annotation carries it: the count-by value rides in the sort value's slot
    /// (a run that counts by a field doesn't sort), so the keys path and the whole-user path hand
    /// it on through the Service unchanged.
    static func carried(_ value: String?) -> SortValue? { value.map { .text(folded: "", exact: $0) } }
}
