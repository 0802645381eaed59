import UserListDomain

/// The canonical fields a diff compares (`--fields`), in the contract's order; never the id,
/// which is what users are matched by.
public struct ComparedFields: Hashable, Sendable {
    /// In `CanonicalField.allCases` order, so a changed entry lists its fields the same way every time.
    public let fields: [CanonicalField]

    /// Every field but the id.
    public static let all = ComparedFields(fields: CanonicalField.allCases.filter { $0 != .id })

    private init(fields: [CanonicalField]) {
        self.fields = fields
    }

    /// What the Gateway must build for these fields to be compared: them and the id.
    public var fieldSet: FieldSet {
        fields.reduce(into: FieldSet(.id)) { $0.insert(FieldSet($1)) }
    }

    /// Parses `--fields`: comma-separated dotted paths (`email,address.city`), or the groups
    /// `address`, `address.geo` and `company` for all of theirs (so a name may come twice). An
    /// unknown or empty name is exit 64, naming it, as the list's `--fields` says it.
    public init(parsing list: String) throws(UserlistError) {
        var chosen = Set<CanonicalField>()
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part.trimmingWhitespace())
            guard !name.isEmpty else { throw UserlistError(.usage, Diagnostic(.usage, option: "--fields", "an empty name in '\(list)'")) }
            guard let group = Self.group(named: name) else {
                let hint = ClosestName.hint(for: name, in: Self.knownNames)
                throw UserlistError(.usage, Diagnostic(.usage, option: "--fields", "unknown field '\(name)'" + (hint.isEmpty ? " (expected \(Self.expectedNames))" : hint)))
            }
            chosen.formUnion(group)
        }
        fields = CanonicalField.allCases.filter(chosen.contains)
    }

    /// The fields `name` stands for: one field, or every field of a nested object of the
    /// canonical user (`address`, `address.geo`, `company`: the table's groups). Never the id.
    private static func group(named name: String) -> [CanonicalField]? {
        if let group = CanonicalGroup(path: name) { return group.fields }
        guard let field = CanonicalField(rawValue: name), field != .id else { return nil }
        return [field]
    }

    /// The groups' names, in the order their keys come.
    private static let groupNames = CanonicalGroup.nested.map(\.path)

    /// The names `--fields` takes (for completion): every field but the id, then the groups.
    public static let knownNames = all.fields.map(\.name) + groupNames

    private static var expectedNames: String {
        ComparedFields.all.fields.map(\.name).joined(separator: ", ") + ", or " + groupNames.joined(separator: ", ")
    }
}
