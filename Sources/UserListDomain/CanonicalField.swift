/// A field of the canonical user that a ``UserMapping`` fills, named as in the contract's JSON
/// (`address.city`, `company.name`).
public enum CanonicalField: String, CaseIterable, Sendable {
    case id, name, username, email, avatarURL, bio, phone, website
    case street = "address.street", suite = "address.suite", city = "address.city", zipcode = "address.zipcode"
    case lat = "address.geo.lat", lng = "address.geo.lng"
    case companyName = "company.name", catchPhrase = "company.catchPhrase", bs = "company.bs"

    /// Fields APIs send as numbers as often as strings; a number anywhere else is a type mismatch.
    package var acceptsNumber: Bool {
        switch self {
        case .id, .phone, .street, .zipcode, .lat, .lng: true
        default: false
        }
    }

    /// What a mismatch message says the field should have been.
    package var expectation: String { acceptsNumber ? "a string or a number" : "a string" }
}
