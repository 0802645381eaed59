/// The canonical user's JSON keys. Encoding writes every key, `null` included, as the contract shows.
extension User: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, username, email, avatarURL, bio, phone, website, address, company
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id),
            name: try c.decodeIfPresent(String.self, forKey: .name),
            username: try c.decodeIfPresent(String.self, forKey: .username),
            email: try c.decodeIfPresent(String.self, forKey: .email),
            avatarURL: try c.decodeIfPresent(String.self, forKey: .avatarURL),
            bio: try c.decodeIfPresent(String.self, forKey: .bio),
            phone: try c.decodeIfPresent(String.self, forKey: .phone),
            website: try c.decodeIfPresent(String.self, forKey: .website),
            address: try c.decodeIfPresent(Address.self, forKey: .address),
            company: try c.decodeIfPresent(Company.self, forKey: .company))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(username, forKey: .username)
        try c.encode(email, forKey: .email)
        try c.encode(avatarURL, forKey: .avatarURL)
        try c.encode(bio, forKey: .bio)
        try c.encode(phone, forKey: .phone)
        try c.encode(website, forKey: .website)
        try c.encode(address, forKey: .address)
        try c.encode(company, forKey: .company)
    }
}
