/// Decoding straight from simdjson's tape: one pass over the fields, no `Decoder` in between
/// (Foundation's `JSONDecoder` is ~30 MB/s here; this is the hot path of big inputs).
extension UserDTO {
    /// Reads a record; a record that isn't an object is not a user.
    init(record: JSONNode) throws(DTODecodingError) {
        guard record.kind == .object else {
            throw DTODecodingError(reason: "expected a user object, found \(record.kind.article) \(record.kind.rawValue)")
        }
        try self.init(node: record)
    }

    init(node: JSONNode) throws(DTODecodingError) {
        self.init(id: nil)
        try node.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("id") { id = try value.decodeIdentifier("id") }
            else if key.equals("name") { name = try value.decodeString("name") }
            else if key.equals("username") { username = try value.decodeString("username") }
            else if key.equals("email") { email = try value.decodeString("email") }
            else if key.equals("avatar_url") { avatar_url = try value.decodeString("avatar_url") }
            else if key.equals("bio") { bio = try value.decodeString("bio") }
            else if key.equals("phone") { phone = try value.decodeText("phone") }
            else if key.equals("website") { website = try value.decodeString("website") }
            else if key.equals("address") { address = try value.decodeObject("address", AddressDTO.init(node:)) }
            else if key.equals("company") { company = try value.decodeObject("company", CompanyDTO.init(node:)) }
        }
    }
}

extension AddressDTO {
    init(node: JSONNode) throws(DTODecodingError) {
        self.init()
        try node.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("street") { street = try value.decodeString("address.street") }
            else if key.equals("suite") { suite = try value.decodeString("address.suite") }
            else if key.equals("city") { city = try value.decodeString("address.city") }
            else if key.equals("zipcode") { zipcode = try value.decodeText("address.zipcode") }
            else if key.equals("geo") { geo = try value.decodeObject("address.geo", GeoDTO.init(node:)) }
        }
    }
}

extension GeoDTO {
    init(node: JSONNode) throws(DTODecodingError) {
        self.init()
        try node.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("lat") { lat = try value.decodeText("address.geo.lat") }
            else if key.equals("lng") { lng = try value.decodeText("address.geo.lng") }
        }
    }
}

extension CompanyDTO {
    init(node: JSONNode) throws(DTODecodingError) {
        self.init()
        try node.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("name") { name = try value.decodeString("company.name") }
            else if key.equals("catchPhrase") { catchPhrase = try value.decodeString("company.catchPhrase") }
            else if key.equals("bs") { bs = try value.decodeString("company.bs") }
        }
    }
}
