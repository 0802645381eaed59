import UserListDomain
@_spi(Pipeline) import UserListJSON
/// A record in seed 000's and JSONPlaceholder's own vocabulary (the fields of ``UserDTO``), read
/// off the tape straight into a ``User``, in one pass over its keys.
///
/// The pass replaces three: ``AutomaticMapping`` used to look every key up in a KeyTable to tell
/// a native record from another (46M instructions of 1.31G on 50k users), then read the keys
/// again into a `UserDTO` through a chain of `equals` (84M), then copied the DTO into a `User`
/// (154M with the DTO's copies). Each field is held to its documented JSON type as the DTO holds
/// it (an object for `email` is an error), with the DTO's messages.
enum NativeRecord {
    enum Outcome {
        case user(User)
        /// A native record with a field of the wrong type: not a user.
        case unusable(DTODecodingError)
        /// A key the vocabulary doesn't have: the record is for the general mapping, even when a
        /// native field has the wrong type (the decision is on keys alone).
        case foreign
    }

    /// Reads `record`, building only `fields` (the others are only held to their types).
    static func read(_ record: JSONNode, fields: FieldSet = .all) -> Outcome {
        guard record.kind == .object else {
            return .unusable(DTODecodingError(reason: "expected a user object, found \(record.kind.article) \(record.kind.rawValue)"))
        }
        // Local variables read in a plain loop move into the User at the end: a struct of them
        // captured by a `forEachField` closure was copied into it and destroyed (37M
        // instructions of 1.04G on 50k users). A key given twice keeps its last value, as in the DTO.
        var id, name, username, email, avatarURL, bio, phone, website: String?
        var address: Address?
        var company: Company?
        var failure: DTODecodingError?
        for (keyBytes, value) in record.members {
            guard let key = Key(keyBytes) else { return .foreign }
            // After an error only the keys matter: a foreign one still hands the record on.
            guard failure == nil else { continue }
            do throws(DTODecodingError) {
                switch key {
                case .id: id = try value.decodeIdentifier("id")?.text
                case .name: name = try value.decodeString("name", keep: fields.contains(.name))
                case .username: username = try value.decodeString("username", keep: fields.contains(.username))
                case .email: email = try value.decodeString("email", keep: fields.contains(.email))
                case .avatarURL: avatarURL = try value.decodeString("avatar_url", keep: fields.contains(.avatarURL))
                case .bio: bio = try value.decodeString("bio", keep: fields.contains(.bio))
                case .phone: phone = try value.decodeText("phone", keep: fields.contains(.phone))
                case .website: website = try value.decodeString("website", keep: fields.contains(.website))
                case .address: address = try value.decodeObject("address") { (node) throws(DTODecodingError) in try NativeRecord.address(node, fields: fields) } ?? nil
                case .company: company = try value.decodeObject("company") { (node) throws(DTODecodingError) in try NativeRecord.company(node, fields: fields) } ?? nil
                }
            } catch {
                failure = error
            }
        }
        if let failure { return .unusable(failure) }
        // Without an id the Service rejects the user with a reason.
        return .user(User(id: id ?? "", name: name, username: username, email: email, avatarURL: avatarURL, bio: bio,
                          phone: phone, website: website, address: address, company: company))
    }

    /// The record's keys, found by length, then one comparison with each key of that length (a
    /// chain of `equals` tried up to ten keys for each).
    enum Key: CaseIterable {
        case id, name, username, email, avatarURL, bio, phone, website, address, company

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            switch key.count {
            case 2 where key.equals("id"): self = .id
            case 3 where key.equals("bio"): self = .bio
            case 4 where key.equals("name"): self = .name
            case 5 where key.equals("email"): self = .email
            case 5 where key.equals("phone"): self = .phone
            case 7 where key.equals("website"): self = .website
            case 7 where key.equals("address"): self = .address
            case 7 where key.equals("company"): self = .company
            case 8 where key.equals("username"): self = .username
            case 10 where key.equals("avatar_url"): self = .avatarURL
            default: return nil
            }
        }
    }

    /// `address`, or nil when none of its fields holds a value (as `Address.nonEmpty` says: a
    /// projected record may fill none of them, and an empty address is no address).
    private static func address(_ node: JSONNode, fields: FieldSet) throws(DTODecodingError) -> Address? {
        var street, suite, city, zipcode: String?
        var geo: Geo?
        // Their lengths tell the five keys apart; `equals` confirms.
        try node.forEachField { (key, value) throws(DTODecodingError) in
            switch key.count {
            case 6 where key.equals("street"): street = try value.decodeString("address.street", keep: fields.contains(.street))
            case 5 where key.equals("suite"): suite = try value.decodeString("address.suite", keep: fields.contains(.suite))
            case 4 where key.equals("city"): city = try value.decodeString("address.city", keep: fields.contains(.city))
            case 7 where key.equals("zipcode"): zipcode = try value.decodeText("address.zipcode", keep: fields.contains(.zipcode))
            case 3 where key.equals("geo"): geo = try value.decodeObject("address.geo") { (node) throws(DTODecodingError) in try Self.geo(node, fields: fields) } ?? nil
            default: break
            }
        }
        if street == nil, suite == nil, city == nil, zipcode == nil, geo == nil { return nil }
        return Address(street: street, suite: suite, city: city, zipcode: zipcode, geo: geo)
    }

    /// `address.geo`, or nil when neither coordinate holds a value.
    private static func geo(_ node: JSONNode, fields: FieldSet) throws(DTODecodingError) -> Geo? {
        var lat, lng: String?
        try node.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("lat") { lat = try value.decodeText("address.geo.lat", keep: fields.contains(.lat)) }
            else if key.equals("lng") { lng = try value.decodeText("address.geo.lng", keep: fields.contains(.lng)) }
        }
        if lat == nil, lng == nil { return nil }
        return Geo(lat: lat, lng: lng)
    }

    /// `company`, or nil when none of its fields holds a value.
    private static func company(_ node: JSONNode, fields: FieldSet) throws(DTODecodingError) -> Company? {
        var name, catchPhrase, bs: String?
        try node.forEachField { (key, value) throws(DTODecodingError) in
            switch key.count {
            case 4 where key.equals("name"): name = try value.decodeString("company.name", keep: fields.contains(.companyName))
            case 11 where key.equals("catchPhrase"): catchPhrase = try value.decodeString("company.catchPhrase", keep: fields.contains(.catchPhrase))
            case 2 where key.equals("bs"): bs = try value.decodeString("company.bs", keep: fields.contains(.bs))
            default: break
            }
        }
        if name == nil, catchPhrase == nil, bs == nil { return nil }
        return Company(name: name, catchPhrase: catchPhrase, bs: bs)
    }
}
