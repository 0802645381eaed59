@_spi(Pipeline) import UserListDomain
/// The fields the single-key fast path orders by (see ``UserSortOrder/simpleKey``): the keys
/// `--sort` took before it took any field, read straight from a record's bytes on the keys path.
public enum SortKey: String, CaseIterable, Hashable, Sendable {
    case id, name, email, username, city, company

    /// The key of `field`, when it is one of these.
    init?(field: CanonicalField) {
        switch field {
        case .id: self = .id
        case .name: self = .name
        case .email: self = .email
        case .username: self = .username
        case .city: self = .city
        case .companyName: self = .company
        default: return nil
        }
    }

    var canonicalField: CanonicalField {
        switch self {
        case .id: .id
        case .name: .name
        case .email: .email
        case .username: .username
        case .city: .city
        case .company: .companyName
        }
    }

    /// The user's value for this key, or `nil` when the user lacks it (sorted last).
    func value(of user: User) -> String? {
        switch self {
        case .id: user.id
        case .name: user.name
        case .email: user.email
        case .username: user.username
        case .city: user.address?.city
        case .company: user.company?.name
        }
    }

    /// The canonical field the key reads.
    package var field: FieldSet { FieldSet(canonicalField) }

    /// The prepared sort value of `user`'s key, or nil when the user lacks it.
    package func sortValue(of user: User) -> SortValue? {
        value(of: user).map { SortValue($0, key: self) }
    }
}
