extension ReqresUserDTO {
    init(record: JSONNode) throws(DTODecodingError) {
        guard record.kind == .object else {
            throw DTODecodingError(reason: "expected a user object, found \(record.kind.article) \(record.kind.rawValue)")
        }
        self.init(id: nil)
        try record.forEachField { (key, value) throws(DTODecodingError) in
            if key.equals("id") { id = try value.decodeIdentifier("id") }
            else if key.equals("email") { email = try value.decodeString("email") }
            else if key.equals("first_name") { first_name = try value.decodeString("first_name") }
            else if key.equals("last_name") { last_name = try value.decodeString("last_name") }
            else if key.equals("avatar") { avatar = try value.decodeString("avatar") }
        }
    }
}
