/// The canonical user's fields: THE table of them. Everything that names, lists, reads or writes a
/// field derives from this file — ``FieldSet``'s bits (a field's place here), `--fields`,
/// `--sort` and `--count-by` names, `diff`'s compared fields and groups, `userlist fields`, the
/// JSON Schemas, `--explain`'s field list, the canonical user's JSON (diff entries), the jq value
/// `--where` sees and the native predicates' objects (``CanonicalGroup/members``), the stages' user
/// JSON (`StageUserJSON`), the diff spool.
///
/// A field added to ``User`` and not here fails `CanonicalFieldTableTests` (a `Mirror` of a user
/// against this table); a field added here needs only its row in ``definition``, its line in
/// ``User/text(of:)`` and ``User/setText(_:of:)`` — the switches below — and its bit in
/// `bitIndex` (CanonicalField+Derived.swift): switches the compiler holds to every case.
///
/// The raw value is the field's name: its dotted JSON path in the contract's canonical user
/// (`address.city`), the column header and ndjson key `--fields` writes, the name `--fields`,
/// `--sort`, `--count-by` and `diff --fields` take. The order of the cases is the contract's.
public enum CanonicalField: String, CaseIterable, Sendable {
    case id, name, username, email, avatarURL, bio, phone, website
    case street = "address.street", suite = "address.suite", city = "address.city", zipcode = "address.zipcode"
    case lat = "address.geo.lat", lng = "address.geo.lng"
    case companyName = "company.name", catchPhrase = "company.catchPhrase", bs = "company.bs"

    /// One row of the table, besides the name.
    public struct Definition: Sendable {
        /// The object of the canonical user that holds the field (the user, its address, …).
        public let group: CanonicalGroup
        /// Whether the field can be null (missing from the source, or blank): all but the id.
        public let isNullable: Bool
        /// Whether APIs send it as a number as often as a string (a number anywhere else is a
        /// type mismatch); the number's text is then the value.
        public let acceptsNumber: Bool
        /// What the field holds, for `userlist fields` and the JSON Schemas (`userlist schema`).
        public let summary: String
    }

    /// The table.
    public var definition: Definition {
        switch self {
        case .id: Definition(group: .user, isNullable: false, acceptsNumber: true, summary: "The user's id, always a string (1, not 1.0); the key users are deduplicated and diffed by.")
        case .name: Definition(group: .user, isNullable: true, acceptsNumber: false, summary: "The display name, as the API gives it (or its given and family names joined).")
        case .username: Definition(group: .user, isNullable: true, acceptsNumber: false, summary: "The login, handle or screen name.")
        case .email: Definition(group: .user, isNullable: true, acceptsNumber: false, summary: "The primary email address.")
        case .avatarURL: Definition(group: .user, isNullable: true, acceptsNumber: false, summary: "The avatar image's absolute URL (relative ones resolved with --base-url, else dropped).")
        case .bio: Definition(group: .user, isNullable: true, acceptsNumber: false, summary: "The free-text description, biography or title.")
        case .phone: Definition(group: .user, isNullable: true, acceptsNumber: true, summary: "The phone number, as text.")
        case .website: Definition(group: .user, isNullable: true, acceptsNumber: false, summary: "The personal or company website.")
        case .street: Definition(group: .address, isNullable: true, acceptsNumber: true, summary: "Street and number of the address.")
        case .suite: Definition(group: .address, isNullable: true, acceptsNumber: false, summary: "Suite, apartment or second address line.")
        case .city: Definition(group: .address, isNullable: true, acceptsNumber: false, summary: "The city or locality.")
        case .zipcode: Definition(group: .address, isNullable: true, acceptsNumber: true, summary: "The postal code, as text.")
        case .lat: Definition(group: .geo, isNullable: true, acceptsNumber: true, summary: "Latitude, as text.")
        case .lng: Definition(group: .geo, isNullable: true, acceptsNumber: true, summary: "Longitude, as text.")
        case .companyName: Definition(group: .company, isNullable: true, acceptsNumber: false, summary: "The employer or organisation's name.")
        case .catchPhrase: Definition(group: .company, isNullable: true, acceptsNumber: false, summary: "The company's slogan.")
        case .bs: Definition(group: .company, isNullable: true, acceptsNumber: false, summary: "The company's business description.")
        }
    }
}

/// The objects of the canonical user, nested as the contract shows them: the user, its address
/// (`address`), the address's geo (`address.geo`) and its company (`company`). Which fields each
/// holds, and in what order, comes from the field table (``members``).
public enum CanonicalGroup: CaseIterable, Sendable {
    case user, address, geo, company

    /// The object that holds this one (nil for the user).
    public var parent: CanonicalGroup? {
        switch self {
        case .user: nil
        case .address: .user
        case .geo: .address
        case .company: .user
        }
    }

    /// Its key in its parent (`""` for the user).
    public var key: String {
        switch self {
        case .user: ""
        case .address: "address"
        case .geo: "geo"
        case .company: "company"
        }
    }
}

extension User {
    /// The user's value of one canonical field (`address.city` is `address?.city`): the one place
    /// that reads a field from the user's storage, for everything that names fields.
    public func text(of field: CanonicalField) -> String? {
        switch field {
        case .id: id
        case .name: name
        case .username: username
        case .email: email
        case .avatarURL: avatarURL
        case .bio: bio
        case .phone: phone
        case .website: website
        case .street: address?.street
        case .suite: address?.suite
        case .city: address?.city
        case .zipcode: address?.zipcode
        case .lat: address?.geo?.lat
        case .lng: address?.geo?.lng
        case .companyName: company?.name
        case .catchPhrase: company?.catchPhrase
        case .bs: company?.bs
        }
    }

    /// Sets one canonical field, making the address, geo or company that holds it when the user
    /// has none yet (a nil value makes none): the one place that writes a field to the storage.
    /// The id is set to `""` by nil.
    public mutating func setText(_ value: String?, of field: CanonicalField) {
        if value != nil {
            switch field.group {
            case .user: break
            case .address: if address == nil { address = Address() }
            case .geo:
                if address == nil { address = Address() }
                if address?.geo == nil { address?.geo = Geo() }
            case .company: if company == nil { company = Company() }
            }
        }
        switch field {
        case .id: id = value ?? ""
        case .name: name = value
        case .username: username = value
        case .email: email = value
        case .avatarURL: avatarURL = value
        case .bio: bio = value
        case .phone: phone = value
        case .website: website = value
        case .street: address?.street = value
        case .suite: address?.suite = value
        case .city: address?.city = value
        case .zipcode: address?.zipcode = value
        case .lat: address?.geo?.lat = value
        case .lng: address?.geo?.lng = value
        case .companyName: company?.name = value
        case .catchPhrase: company?.catchPhrase = value
        case .bs: company?.bs = value
        }
    }

    /// Whether the user has the object `group` (always, for the user itself): an absent object
    /// is `null` in the canonical user's JSON, a present one has every key.
    public func has(_ group: CanonicalGroup) -> Bool {
        switch group {
        case .user: true
        case .address: address != nil
        case .geo: address?.geo != nil
        case .company: company != nil
        }
    }
    /// Gives the user the object `group`, empty, in place of any it had (the user itself stays as
    /// it is; a geo needs an address, which is made when missing): for readers that rebuild a
    /// user object by object, as the stages' user JSON does.
    package mutating func setEmpty(_ group: CanonicalGroup) {
        switch group {
        case .user: break
        case .address: address = Address()
        case .geo:
            if address == nil { address = Address() }
            address?.geo = Geo()
        case .company: company = Company()
        }
    }
}
