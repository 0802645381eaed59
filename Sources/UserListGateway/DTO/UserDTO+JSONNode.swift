import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Decoding straight from simdjson's tape: one pass over the fields, no `Decoder` in between
/// (Foundation's `JSONDecoder` is ~30 MB/s here; this is the hot path of big inputs).
extension UserDTO {
    /// Reads a record; a record that isn't an object is not a user.
    /// Reads a record, building only `fields` (the others are only held to their types).
    init(record: JSONNode, fields: FieldSet = .all) throws(DTODecodingError) {
        guard record.kind == .object else {
            throw DTODecodingError(reason: "expected a user object, found \(record.kind.article) \(record.kind.rawValue)")
        }
        try self.init(node: record, fields: fields)
    }

    init(node: JSONNode, fields: FieldSet = .all) throws(DTODecodingError) {
        self.init(id: nil)
        try node.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("id") { id = try value.decodeIdentifier("id") }
            else if key.equals("name") { name = try value.decodeString("name", keep: fields.contains(.name)) }
            else if key.equals("username") { username = try value.decodeString("username", keep: fields.contains(.username)) }
            else if key.equals("email") { email = try value.decodeString("email", keep: fields.contains(.email)) }
            else if key.equals("avatar_url") { avatar_url = try value.decodeString("avatar_url", keep: fields.contains(.avatarURL)) }
            else if key.equals("bio") { bio = try value.decodeString("bio", keep: fields.contains(.bio)) }
            else if key.equals("phone") { phone = try value.decodeText("phone", keep: fields.contains(.phone)) }
            else if key.equals("website") { website = try value.decodeString("website", keep: fields.contains(.website)) }
            else if key.equals("address") { address = try value.decodeObject("address") { (node) throws(DTODecodingError) in try AddressDTO(node: node, fields: fields) } }
            else if key.equals("company") { company = try value.decodeObject("company") { (node) throws(DTODecodingError) in try CompanyDTO(node: node, fields: fields) } }
        }
    }
}

extension AddressDTO {
    init(node: JSONNode, fields: FieldSet = .all) throws(DTODecodingError) {
        self.init()
        try node.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("street") { street = try value.decodeString("address.street", keep: fields.contains(.street)) }
            else if key.equals("suite") { suite = try value.decodeString("address.suite", keep: fields.contains(.suite)) }
            else if key.equals("city") { city = try value.decodeString("address.city", keep: fields.contains(.city)) }
            else if key.equals("zipcode") { zipcode = try value.decodeText("address.zipcode", keep: fields.contains(.zipcode)) }
            else if key.equals("geo") { geo = try value.decodeObject("address.geo") { (node) throws(DTODecodingError) in try GeoDTO(node: node, fields: fields) } }
        }
    }
}

extension GeoDTO {
    init(node: JSONNode, fields: FieldSet = .all) throws(DTODecodingError) {
        self.init()
        try node.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("lat") { lat = try value.decodeText("address.geo.lat", keep: fields.contains(.lat)) }
            else if key.equals("lng") { lng = try value.decodeText("address.geo.lng", keep: fields.contains(.lng)) }
        }
    }
}

extension CompanyDTO {
    init(node: JSONNode, fields: FieldSet = .all) throws(DTODecodingError) {
        self.init()
        try node.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("name") { name = try value.decodeString("company.name", keep: fields.contains(.companyName)) }
            else if key.equals("catchPhrase") { catchPhrase = try value.decodeString("company.catchPhrase", keep: fields.contains(.catchPhrase)) }
            else if key.equals("bs") { bs = try value.decodeString("company.bs", keep: fields.contains(.bs)) }
        }
    }
}
