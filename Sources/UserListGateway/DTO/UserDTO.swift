import UserListDomain
/// A user record as seed 000's API and JSONPlaceholder send it, field for field.
///
/// Seed 000: `{"id":"u1","name":…,"email":…,"avatar_url":…,"bio":…}`.
/// JSONPlaceholder: `{"id":1,"name":…,"username":…,"email":…,"address":{…},"phone":…,"website":…,"company":{…}}`.
/// Both are one shape with optional fields, so one DTO maps both; `toDomain()` is the only place
/// that knows how their names become the canonical ``User``'s.
public struct UserDTO: Hashable, Sendable, Codable {
    public var id: DTOIdentifier?
    public var name: String?
    public var username: String?
    public var email: String?
    public var avatar_url: String?
    public var bio: String?
    public var phone: String?
    public var website: String?
    public var address: AddressDTO?
    public var company: CompanyDTO?

    public init(
        id: DTOIdentifier?, name: String? = nil, username: String? = nil, email: String? = nil,
        avatar_url: String? = nil, bio: String? = nil, phone: String? = nil, website: String? = nil,
        address: AddressDTO? = nil, company: CompanyDTO? = nil
    ) {
        self.id = id
        self.name = name
        self.username = username
        self.email = email
        self.avatar_url = avatar_url
        self.bio = bio
        self.phone = phone
        self.website = website
        self.address = address
        self.company = company
    }

    /// The canonical user, or `nil` without an id (the Service rejects it with a reason).
    public consuming func toDomain() -> User {
        User(
            id: id?.text ?? "",
            name: name, username: username, email: email, avatarURL: avatar_url, bio: bio,
            phone: phone, website: website,
            // A projected record (see ``FieldSet``) may fill none of them: no address, not an
            // empty one, or the Service would copy the user to drop it.
            address: address?.toDomain().nonEmpty, company: company?.toDomain().nonEmpty
        )
    }
}
