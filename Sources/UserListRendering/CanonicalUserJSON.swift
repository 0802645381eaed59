@_spi(Pipeline) import UserListDomain

/// Writes a user as the contract's canonical user JSON (what `--where` sees): every key, in the
/// contract's order, `null` for what is missing, compact as `jq -c` prints it.
enum CanonicalUserJSON {
    static func write(_ user: User, to output: OutputWriter) {
        output.write("{\"id\":")
        JSONText.appendString(user.id, to: output)
        member("name", user.name, to: output)
        member("username", user.username, to: output)
        member("email", user.email, to: output)
        member("avatarURL", user.avatarURL, to: output)
        member("bio", user.bio, to: output)
        member("phone", user.phone, to: output)
        member("website", user.website, to: output)
        output.write(",\"address\":")
        if let address = user.address {
            output.write("{\"street\":")
            JSONText.appendString(address.street, to: output)
            member("suite", address.suite, to: output)
            member("city", address.city, to: output)
            member("zipcode", address.zipcode, to: output)
            output.write(",\"geo\":")
            if let geo = address.geo {
                output.write("{\"lat\":")
                JSONText.appendString(geo.lat, to: output)
                member("lng", geo.lng, to: output)
                output.write("}")
            } else {
                output.write("null")
            }
            output.write("}")
        } else {
            output.write("null")
        }
        output.write(",\"company\":")
        if let company = user.company {
            output.write("{\"name\":")
            JSONText.appendString(company.name, to: output)
            member("catchPhrase", company.catchPhrase, to: output)
            member("bs", company.bs, to: output)
            output.write("}")
        } else {
            output.write("null")
        }
        output.write("}")
    }

    /// `,"key":value`
    private static func member(_ key: String, _ value: String?, to output: OutputWriter) {
        output.write(",\"")
        output.write(key)
        output.write("\":")
        JSONText.appendString(value, to: output)
    }
}
