import UserListDomain
/// Seed 000's list envelope: `{"users": [...], "total": N}`.
public struct UsersResponse: Hashable, Sendable, Codable {
    public var users: [UserDTO]
    public var total: Int?

    public init(users: [UserDTO], total: Int? = nil) {
        self.users = users
        self.total = total
    }
}
