import UserListDomain
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListJSON

extension NativeRecord {
    /// What ``readKeys(_:judge:scratch:)`` came to.
    enum KeysOutcome {
        case keyed(KeyedRecord)
        /// Not decided from keys: read it whole (``read(_:fields:)`` gives the user, the reason
        /// it is unusable, or `.foreign`) — a foreign key, a field of the wrong type, or a value
        /// the Service would still trim.
        case readWhole
    }

    /// Decides `record` from its keys (see ``RecordKeys``) without building its user. Every field
    /// is still held to its type as ``read(_:fields:)`` holds it, and a record it would not read
    /// the same way (not an object, a foreign key, a wrong type, an id or key the Service would
    /// trim or empty) is left to it, so the two always agree on what the record is.
    static func readKeys(_ record: JSONNode, judge: any RecordJudge, scratch: inout JudgeScratch) -> KeysOutcome {
        guard record.kind == .object else { return .readWhole }
        var id: String?
        var keys = RecordKeys()
        let reads = judge.reads
        for (keyBytes, value) in record.members {
            guard let key = Key(keyBytes) else { return .readWhole }
            do throws(DTODecodingError) {
                switch key {
                case .id: id = try value.decodeIdentifier("id")?.text
                case .name: keys.name = try value.keyBytes("name", read: reads.contains(.name))
                case .username: keys.username = try value.keyBytes("username", read: reads.contains(.username))
                case .email: keys.email = try value.keyBytes("email", read: reads.contains(.email))
                case .avatarURL: keys.avatarURL = try value.keyBytes("avatar_url", read: reads.contains(.avatarURL))
                case .bio: keys.bio = try value.keyBytes("bio", read: reads.contains(.bio))
                case .phone: _ = try value.decodeText("phone", keep: false)
                case .website: _ = try value.decodeString("website", keep: false)
                case .address:
                    keys.city = nil
                    if case .some(let city) = try value.decodeObject("address", { (node) throws(DTODecodingError) in try addressKeys(node, city: reads.contains(.city)) }) { keys.city = city }
                case .company:
                    keys.companyName = nil
                    if case .some(let name) = try value.decodeObject("company", { (node) throws(DTODecodingError) in try companyKeys(node, name: reads.contains(.companyName)) }) { keys.companyName = name }
                }
            } catch {
                return .readWhole
            }
        }
        guard let id, isClean(id), isClean(keys.name), isClean(keys.username), isClean(keys.email),
              isClean(keys.city), isClean(keys.companyName), isClean(keys.bio), isClean(keys.avatarURL) else { return .readWhole }
        // An avatar the mapping would resolve or drop (see ``AutomaticMapping``) is its to read.
        if let avatar = keys.avatarURL, !AvatarValue.isPlainHTTP(avatar) { return .readWhole }
        return .keyed(KeyedRecord(id: id, judgement: judge.judge(keys, id: id, scratch: &scratch)))
    }

    /// `address.city`, every field held to its type as ``address(_:fields:)`` holds it.
    private static func addressKeys(_ node: JSONNode, city read: Bool) throws(DTODecodingError) -> UnsafeBufferPointer<UInt8>? {
        var city: UnsafeBufferPointer<UInt8>?
        try node.forEachField { (key, value) throws(DTODecodingError) in
            switch key.count {
            case 6 where key.equals("street"): _ = try value.decodeString("address.street", keep: false)
            case 5 where key.equals("suite"): _ = try value.decodeString("address.suite", keep: false)
            case 4 where key.equals("city"): city = try value.keyBytes("address.city", read: read)
            case 7 where key.equals("zipcode"): _ = try value.decodeText("address.zipcode", keep: false)
            case 3 where key.equals("geo"):
                _ = try value.decodeObject("address.geo") { (geo) throws(DTODecodingError) in
                    try geo.forEachField { (key, value) throws(DTODecodingError) in
                        if key.equals("lat") { _ = try value.decodeText("address.geo.lat", keep: false) }
                        else if key.equals("lng") { _ = try value.decodeText("address.geo.lng", keep: false) }
                    }
                }
            default: break
            }
        }
        return city
    }

    /// `company.name`, every field held to its type as ``company(_:fields:)`` holds it.
    private static func companyKeys(_ node: JSONNode, name read: Bool) throws(DTODecodingError) -> UnsafeBufferPointer<UInt8>? {
        var name: UnsafeBufferPointer<UInt8>?
        try node.forEachField { (key, value) throws(DTODecodingError) in
            switch key.count {
            case 4 where key.equals("name"): name = try value.keyBytes("company.name", read: read)
            case 11 where key.equals("catchPhrase"): _ = try value.decodeString("company.catchPhrase", keep: false)
            case 2 where key.equals("bs"): _ = try value.decodeString("company.bs", keep: false)
            default: break
            }
        }
        return name
    }

    /// Absent, or already as the Service leaves it (trimmed, non-empty).
    @inline(__always)
    private static func isClean(_ bytes: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let bytes else { return true }
        // "Can't tell from the bytes" counts as not clean: the record is read whole.
        return UTF8Trimming.isTrimmedAndNonEmpty(bytes) { true } ?? false
    }

    @inline(__always)
    private static func isClean(_ id: String) -> Bool {
        var id = id
        return id.withUTF8 { isClean($0) }
    }
}

extension JSONNode {
    /// A string field's bytes (`null` is nil), held to its type as ``decodeString(_:keep:)`` holds
    /// it; nil too when the judge does not `read` it.
    @inline(__always)
    fileprivate func keyBytes(_ field: String, read: Bool) throws(DTODecodingError) -> UnsafeBufferPointer<UInt8>? {
        if let bytes = stringBytes { return read ? bytes : nil }
        if isNoValue { return nil }
        throw .typeMismatch(field, found: kind, expected: "a string")
    }
}
