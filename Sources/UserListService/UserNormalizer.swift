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
    /// Non-empty and with no white space at either end, as ``trimmed()`` would leave it. ASCII
    /// ends are decided by their byte; a non-ASCII first byte only when it can't start a white
    /// space character (U+0085, U+00A0, U+1680, U+2000…U+205F, U+3000). Most names in most
    /// scripts are not ASCII at either end, and this is checked for every field of every user.
    var isTrimmedAndNonEmpty: Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            if first < 0x80 {
                guard first > 0x20, first < 0x7F else { return false }
            } else if Self.mayStartWhitespace(first) {
                guard let scalar = unicodeScalars.first, !scalar.properties.isWhitespace else { return false }
            }
            if last < 0x80 { return last > 0x20 && last < 0x7F }
            // Decided by the last scalar when it is a letter of a common script, decoded from the
            // bytes: asking for `self.last` as a `Character` runs grapheme breaking backwards and a
            // property look-up, ~1,050 instructions, and a value ends in a non-ASCII byte for 37k
            // of 250k fields on users-intl (W3: 40M of 1,468M).
            var start = bytes.count - 1
            while bytes[start] & 0xC0 == 0x80 { start -= 1 }
            if Self.isLetterThatStandsAlone(Self.scalarValue(bytes, from: start)) { return true }
            // White space, a mark that may sit on a space (" \u{301}" trims as white space:
            // `Character.isWhitespace` looks at its first scalar), or a script not listed.
            guard let character = self.last else { return false }
            return !character.isWhitespace
        } ?? false
    }

    /// The scalar value of the multi-byte UTF-8 sequence from `start` to the end of `bytes`.
    @inline(__always)
    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt32 {
        // The lead byte of a 2-, 3- or 4-byte sequence keeps 5, 4 or 3 bits of the value.
        var value = UInt32(bytes[start] & (0x7F >> (bytes.count - start)))
        var index = start + 1
        while index < bytes.count {
            value = value << 6 | UInt32(bytes[index] & 0x3F)
            index += 1
        }
        return value
    }

    /// Letters (and symbols) of the scripts names are mostly written in, none of them white space
    /// nor a scalar that joins the character before it (Extend, ZWJ, SpacingMark, a conjunct's
    /// consonant after a virama starts with a consonant, not a space): a value ending in one ends
    /// in a character that is not white space. Checked against the `Character` rule over every
    /// scalar by `lastScalarAgreesWithCharacterRuleForEveryScalar`.
    @inline(__always)
    private static func isLetterThatStandsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0x00A1...0x02FF,                       // Latin-1, Latin Extended-A/B, IPA, modifier letters
             0x0370...0x0482, 0x048A...0x052F,      // Greek, Cyrillic (not its marks U+0483…U+0489)
             0x05D0...0x05F4,                       // Hebrew letters
             0x0620...0x064A, 0x0671...0x06D3,      // Arabic letters
             0x0904...0x0939, 0x0958...0x0961,      // Devanagari letters
             0x0E01...0x0E30, 0x0E32, 0x0E40...0x0E46, // Thai letters (not SARA AM, a SpacingMark)
             0x1E00...0x1FFF,                       // Latin Extended Additional, Greek Extended
             0x3041...0x3096, 0x30A1...0x30FA,      // kana (not the sound marks U+3099, U+309A)
             0x3400...0x4DBF, 0x4E00...0x9FFF,      // CJK ideographs
             0xAC00...0xD7A3:                       // Hangul syllables
            true
        default:
            false
        }
    }

    @inline(__always)
    private static func mayStartWhitespace(_ lead: UInt8) -> Bool {
        lead == 0xC2 || lead == 0xE1 || lead == 0xE2 || lead == 0xE3
    }

    /// Trimmed of surrounding white space (Unicode's, as `Character.isWhitespace`), or `nil` if nothing is left.
    ///
    /// Most values have nothing to trim: checking the first and last byte keeps that case cheap.
    func trimmed() -> String? {
        if isEmpty { return nil }
        if isTrimmedAndNonEmpty { return self }
        let slice = Substring(self).trimmingWhitespace()
        return slice.isEmpty ? nil : String(slice)
    }
}
