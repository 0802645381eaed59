@_spi(Pipeline) import UserListDomain
/// One key of `--sort`: a canonical field, which way, and whether numbers in it compare as numbers.
public struct SortTerm: Hashable, Sendable, CustomStringConvertible {
    public var field: CanonicalField
    public var descending: Bool
    /// `:natural`: runs of digits compare by their value (`user2` before `user10`).
    public var natural: Bool

    public init(field: CanonicalField, descending: Bool = false, natural: Bool = false) {
        self.field = field
        self.descending = descending
        self.natural = natural
    }

    /// The names `--sort` takes for `field`: its canonical name (`address.city`), and for the keys
    /// of old (`city`, `company`) the short one.
    public static let names: [(name: String, field: CanonicalField)] =
        SortKey.allCases.map { ($0.rawValue, $0.canonicalField) } + CanonicalField.allCases.filter { SortKey(field: $0) == nil || $0.rawValue.contains(".") }.map { ($0.rawValue, $0) }

    /// The field named `name` (case ignored), or nil.
    public static func field(named name: String) -> CanonicalField? {
        let lowered = name.lowercased()
        return names.first { $0.name.lowercased() == lowered }?.field
    }

    /// The short name of the old keys, else the canonical one.
    var name: String { SortKey(field: field)?.rawValue ?? field.rawValue }

    public var description: String { "\(name)\(natural ? ":natural" : ""):\(descending ? "desc" : "asc")" }
}

/// Why a `--sort` value was refused: the whole message, after `--sort: `.
public struct SortParseError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

extension SortTerm {
    /// `FIELD[:asc|:desc][:natural]` (the modifiers in any order).
    public init(parsing text: Substring) throws(SortParseError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let fieldName = String(parts[0])
        guard let field = Self.field(named: fieldName) else {
            let known = Self.names.map(\.name)
            let hint = NameSuggestion.closest(to: fieldName, among: known).map { "did you mean '\($0)'? " } ?? ""
            throw SortParseError(description: "unknown field '\(fieldName)' (\(hint)expected one of \(known.joined(separator: ", ")), optionally followed by :asc, :desc or :natural)")
        }
        self.init(field: field)
        var direction: String?
        for modifier in parts.dropFirst() {
            switch modifier.lowercased() {
            case "asc", "desc":
                if let direction { throw SortParseError(description: "'\(text)' says both :\(direction) and :\(modifier.lowercased())") }
                direction = modifier.lowercased()
                descending = modifier.lowercased() == "desc"
            case "natural":
                natural = true
            default:
                let hint = NameSuggestion.closest(to: String(modifier), among: ["desc", "asc", "natural"]).map { "did you mean ':\($0)'? " } ?? ""
                throw SortParseError(description: "unknown order ':\(modifier)' in '\(text)' (\(hint)expected :asc, :desc or :natural)")
            }
        }
    }
}
