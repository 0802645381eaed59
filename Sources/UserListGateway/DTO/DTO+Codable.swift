import UserListDomain
@_spi(Pipeline) import UserListJSON
/// `Codable` for the DTOs that hold text APIs often send as numbers (phone, zipcode, coordinates),
/// so `JSONDecoder` reads the same payloads as the tape decoder does.
extension KeyedDecodingContainer {
    /// A string, or a number kept as its text (`5551234`, `-37.3159`); `nil` when absent or null.
    func decodeTextIfPresent(forKey key: Key) throws -> String? {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        if let value = try? decodeIfPresent(Int64.self, forKey: key) { return String(value) }
        if let value = try? decodeIfPresent(Double.self, forKey: key) { return JSONNumber.double(value).text }
        // Neither: let the string decode throw its own type mismatch (or return nil for null).
        return try decodeIfPresent(String.self, forKey: key)
    }
}

extension UserDTO {
    enum CodingKeys: String, CodingKey {
        case id, name, username, email, avatar_url, bio, phone, website, address, company
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decodeIfPresent(DTOIdentifier.self, forKey: .id),
            name: try c.decodeIfPresent(String.self, forKey: .name),
            username: try c.decodeIfPresent(String.self, forKey: .username),
            email: try c.decodeIfPresent(String.self, forKey: .email),
            avatar_url: try c.decodeIfPresent(String.self, forKey: .avatar_url),
            bio: try c.decodeIfPresent(String.self, forKey: .bio),
            phone: try c.decodeTextIfPresent(forKey: .phone),
            website: try c.decodeIfPresent(String.self, forKey: .website),
            address: try c.decodeIfPresent(AddressDTO.self, forKey: .address),
            company: try c.decodeIfPresent(CompanyDTO.self, forKey: .company))
    }
}

extension AddressDTO {
    enum CodingKeys: String, CodingKey {
        case street, suite, city, zipcode, geo
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            street: try c.decodeIfPresent(String.self, forKey: .street),
            suite: try c.decodeIfPresent(String.self, forKey: .suite),
            city: try c.decodeIfPresent(String.self, forKey: .city),
            zipcode: try c.decodeTextIfPresent(forKey: .zipcode),
            geo: try c.decodeIfPresent(GeoDTO.self, forKey: .geo))
    }
}

extension GeoDTO {
    enum CodingKeys: String, CodingKey {
        case lat, lng
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(lat: try c.decodeTextIfPresent(forKey: .lat), lng: try c.decodeTextIfPresent(forKey: .lng))
    }
}
