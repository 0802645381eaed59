/// A person in the list, as the rest of the app sees them whatever API they came from.
///
/// This is the canonical user of the contract: the Gateway maps every source shape to it and the
/// Service normalises it (trimmed strings, empty → `nil`, the id always a non-empty string).
public struct User: Hashable, Sendable, Codable {
    public var id: String
    public var name: String?
    public var username: String?
    public var email: String?
    public var avatarURL: String?
    public var bio: String?
    public var phone: String?
    public var website: String?
    public var address: Address?
    public var company: Company?

    public init(
        id: String, name: String? = nil, username: String? = nil, email: String? = nil,
        avatarURL: String? = nil, bio: String? = nil, phone: String? = nil, website: String? = nil,
        address: Address? = nil, company: Company? = nil
    ) {
        self.id = id
        self.name = name
        self.username = username
        self.email = email
        self.avatarURL = avatarURL
        self.bio = bio
        self.phone = phone
        self.website = website
        self.address = address
        self.company = company
    }
}
