/// The contract's data rules: strings trimmed of surrounding white space, empty strings → `nil`.
enum UserNormalizer {
    static func normalize(_ user: consuming User) -> User {
        var user = user
        user.id = user.id.trimmed() ?? ""
        user.name = user.name?.trimmed()
        user.username = user.username?.trimmed()
        user.email = user.email?.trimmed()
        user.avatarURL = user.avatarURL?.trimmed()
        user.bio = user.bio?.trimmed()
        user.phone = user.phone?.trimmed()
        user.website = user.website?.trimmed()
        if var address = user.address {
            address.street = address.street?.trimmed()
            address.suite = address.suite?.trimmed()
            address.city = address.city?.trimmed()
            address.zipcode = address.zipcode?.trimmed()
            if var geo = address.geo {
                geo.lat = geo.lat?.trimmed()
                geo.lng = geo.lng?.trimmed()
                address.geo = geo
            }
            user.address = address
        }
        if var company = user.company {
            company.name = company.name?.trimmed()
            company.catchPhrase = company.catchPhrase?.trimmed()
            company.bs = company.bs?.trimmed()
            user.company = company
        }
        return user
    }
}

extension String {
    /// Trimmed of surrounding white space (Unicode's, as `Character.isWhitespace`), or `nil` if nothing is left.
    ///
    /// Most values have nothing to trim: checking the first and last byte keeps that case cheap.
    func trimmed() -> String? {
        let untouched = utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard let first = bytes.first, let last = bytes.last else { return nil }
            return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
        }
        switch untouched {
        case true??: return self
        case nil?: return nil  // empty
        default: break
        }
        let slice = Substring(self).trimmingWhitespace()
        return slice.isEmpty ? nil : String(slice)
    }
}
