/// A user as reqres.in's `GET /api/users` sends it, inside `{"page", "per_page", "total", "total_pages", "data": [...]}`.
public struct ReqresUserDTO: Hashable, Sendable, Codable {
    public var id: DTOIdentifier?
    public var email: String?
    public var first_name: String?
    public var last_name: String?
    public var avatar: String?

    public init(id: DTOIdentifier?, email: String? = nil, first_name: String? = nil, last_name: String? = nil, avatar: String? = nil) {
        self.id = id
        self.email = email
        self.first_name = first_name
        self.last_name = last_name
        self.avatar = avatar
    }

    /// The name is the first and last names joined, in that order, as reqres.in's own demo shows them.
    public consuming func toDomain() -> User {
        let parts = [first_name, last_name].compactMap { $0?.trimmed() }
        return User(id: id?.text ?? "", name: parts.isEmpty ? nil : parts.joined(separator: " "), email: email, avatarURL: avatar)
    }
}
