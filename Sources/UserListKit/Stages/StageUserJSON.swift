@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListJSON
import UserListRendering

/// A user as stages hand it on: compact JSON of the fields the map stage built (the others are
/// left out, so they stay nil), and, when `--where` may fail on it, where it was read (`"@"`:
/// input index, line, column, and with `--rejects` or `--max-rejects` its path in its document). Decoding gives back exactly the `User` that was encoded: the same
/// strings, and an address, geo or company present or absent as it was.
enum StageUserJSON {
    /// Where a user was read, for a `--where` error's message; and its path in its document
    /// (`.`, `.users[3]`), for its line in the rejects file, when the run keeps rejects.
    struct Place: Sendable {
        var input: Int
        var line: Int
        var column: Int
        var path: String?
    }

    static func append(_ user: User, place: Place?, to output: OutputWriter) {
        var object = Members(output)
        object.member("id", user.id)
        object.member("name", user.name)
        object.member("username", user.username)
        object.member("email", user.email)
        object.member("avatarURL", user.avatarURL)
        object.member("bio", user.bio)
        object.member("phone", user.phone)
        object.member("website", user.website)
        if let address = user.address {
            object.key("address")
            var members = Members(output)
            members.member("street", address.street)
            members.member("suite", address.suite)
            members.member("city", address.city)
            members.member("zipcode", address.zipcode)
            if let geo = address.geo {
                members.key("geo")
                var point = Members(output)
                point.member("lat", geo.lat)
                point.member("lng", geo.lng)
                point.close()
            }
            members.close()
        }
        if let company = user.company {
            object.key("company")
            var members = Members(output)
            members.member("name", company.name)
            members.member("catchPhrase", company.catchPhrase)
            members.member("bs", company.bs)
            members.close()
        }
        if let place {
            object.key("@")
            output.write(byte: UInt8(ascii: "["))
            output.write(int: place.input)
            output.write(byte: UInt8(ascii: ","))
            output.write(int: place.line)
            output.write(byte: UInt8(ascii: ","))
            output.write(int: place.column)
            if let path = place.path {
                output.write(byte: UInt8(ascii: ","))
                JSONText.appendString(path, to: output)
            }
            output.write(byte: UInt8(ascii: "]"))
        }
        object.close()
    }

    /// Writes an object's members, leaving out nil values.
    private struct Members {
        let output: OutputWriter
        var first = true

        init(_ output: OutputWriter) {
            self.output = output
            output.write(byte: UInt8(ascii: "{"))
        }

        mutating func key(_ key: StaticString) {
            output.write(first ? "\"" : ",\"")
            first = false
            output.write(UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            output.write("\":")
        }

        mutating func member(_ key: StaticString, _ value: String?) {
            guard let value else { return }
            self.key(key)
            JSONText.appendString(value, to: output)
        }

        func close() { output.write(byte: UInt8(ascii: "}")) }
    }

    /// The user and place in `node`; nil when it is not what ``append(_:place:to:)`` writes.
    static func decode(_ node: JSONNode) -> (User, Place?)? {
        guard node.kind == .object else { return nil }
        var id: String?
        var user = User(id: "")
        var place: Place?
        var valid = true
        node.forEachField { key, value in
            switch key {
            case _ where key.equals("id"): id = value.string
            case _ where key.equals("name"): user.name = value.string
            case _ where key.equals("username"): user.username = value.string
            case _ where key.equals("email"): user.email = value.string
            case _ where key.equals("avatarURL"): user.avatarURL = value.string
            case _ where key.equals("bio"): user.bio = value.string
            case _ where key.equals("phone"): user.phone = value.string
            case _ where key.equals("website"): user.website = value.string
            case _ where key.equals("address"): user.address = address(value)
            case _ where key.equals("company"): user.company = company(value)
            case _ where key.equals("@"):
                let elements = value.elements(upTo: 5)
                let numbers = elements.prefix(3).compactMap { $0.number?.integer }
                let path = elements.count == 4 ? elements[3].string : nil
                if numbers.count == 3, elements.count == 3 || path != nil {
                    place = Place(input: numbers[0], line: numbers[1], column: numbers[2], path: path)
                } else {
                    valid = false
                }
            default: valid = false
            }
        }
        guard valid, let id else { return nil }
        user.id = id
        return (user, place)
    }

    private static func address(_ node: JSONNode) -> Address {
        var address = Address()
        node.forEachField { key, value in
            if key.equals("street") { address.street = value.string }
            if key.equals("suite") { address.suite = value.string }
            if key.equals("city") { address.city = value.string }
            if key.equals("zipcode") { address.zipcode = value.string }
            if key.equals("geo") {
                var geo = Geo()
                value.forEachField { key, value in
                    if key.equals("lat") { geo.lat = value.string }
                    if key.equals("lng") { geo.lng = value.string }
                }
                address.geo = geo
            }
        }
        return address
    }

    private static func company(_ node: JSONNode) -> Company {
        var company = Company()
        node.forEachField { key, value in
            if key.equals("name") { company.name = value.string }
            if key.equals("catchPhrase") { company.catchPhrase = value.string }
            if key.equals("bs") { company.bs = value.string }
        }
        return company
    }
}
