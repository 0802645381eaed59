@_spi(Pipeline) import UserListDomain
/// The fields `--sort` can order by.
public enum SortKey: String, CaseIterable, Hashable, Sendable {
    case id, name, email, username, city, company

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
    package var field: FieldSet {
        switch self {
        case .id: FieldSet(.id)
        case .name: FieldSet(.name)
        case .email: FieldSet(.email)
        case .username: FieldSet(.username)
        case .city: FieldSet(.city)
        case .company: FieldSet(.companyName)
        }
    }

    /// The prepared sort value of `user`'s key, or nil when the user lacks it.
    package func sortValue(of user: User) -> SortValue? {
        value(of: user).map { SortValue($0, key: self) }
    }
}
