@_spi(Pipeline) import UserListDomain
/// The contract's data rules: strings trimmed of surrounding white space, empty strings → `nil`,
/// and an address, geo or company with no value left → `nil`, whichever API it came from.
enum UserNormalizer {
    /// The normalised user; the same value, uncopied, when there is nothing to change (the usual case).
    static func normalize(_ user: consuming User) -> User {
        if isNormalized(user) { return user }
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
                address.geo = geo.isEmpty ? nil : geo
            }
            user.address = address.isEmpty ? nil : address
        }
        if var company = user.company {
            company.name = company.name?.trimmed()
            company.catchPhrase = company.catchPhrase?.trimmed()
            company.bs = company.bs?.trimmed()
            user.company = company.isEmpty ? nil : company
        }
        return user
    }
}

extension UserNormalizer {
    /// Whether every string is already trimmed and non-empty: a read-only check, so the common
    /// case never copies the user.
    static func isNormalized(_ user: borrowing User) -> Bool {
        guard user.id.isTrimmedAndNonEmpty else { return false }
        guard user.name.isTrimmedOrNil, user.username.isTrimmedOrNil, user.email.isTrimmedOrNil,
              user.avatarURL.isTrimmedOrNil, user.bio.isTrimmedOrNil, user.phone.isTrimmedOrNil,
              user.website.isTrimmedOrNil else { return false }
        if let address = user.address {
            guard !address.isEmpty, !(address.geo?.isEmpty ?? false), address.street.isTrimmedOrNil, address.suite.isTrimmedOrNil, address.city.isTrimmedOrNil,
                  address.zipcode.isTrimmedOrNil, address.geo?.lat.isTrimmedOrNil ?? true,
                  address.geo?.lng.isTrimmedOrNil ?? true else { return false }
        }
        if let company = user.company {
            guard !company.isEmpty, company.name.isTrimmedOrNil, company.catchPhrase.isTrimmedOrNil, company.bs.isTrimmedOrNil else { return false }
        }
        return true
    }
}

extension Optional<String> {
    var isTrimmedOrNil: Bool { self?.isTrimmedAndNonEmpty ?? true }
}

extension String {
    /// Non-empty and with no white space at either end, as ``trimmed()`` would leave it: decided
    /// from the bytes (``UTF8Trimming``) but for a last scalar outside the common scripts' letters.
    var isTrimmedAndNonEmpty: Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            let decided = UTF8Trimming.isTrimmedAndNonEmpty(bytes) {
                unicodeScalars.first?.properties.isWhitespace ?? false
            }
            if let decided { return decided }
            // White space, a mark that may sit on a space (" \u{301}" trims as white space:
            // `Character.isWhitespace` looks at its first scalar), or a script not listed.
            guard let character = self.last else { return false }
            return !character.isWhitespace && !Substring(self).isInvisible
        } ?? false
    }

    /// Trimmed of surrounding white space (Unicode's, as `Character.isWhitespace`), or `nil` if nothing is left
    /// or nothing visible (``Substring/isInvisible``: a name of zero-width spaces is no name).
    ///
    /// Most values have nothing to trim: checking the first and last byte keeps that case cheap.
    func trimmed() -> String? {
        if isEmpty { return nil }
        if isTrimmedAndNonEmpty { return self }
        let slice = Substring(self).trimmingWhitespace()
        return slice.isEmpty || slice.isInvisible ? nil : String(slice)
    }
}
