extension CanonicalField {
    /// What the field holds, for `userlist fields` and the JSON Schemas (`userlist schema`).
    public var summary: String {
        switch self {
        case .id: "The user's id, always a string (1, not 1.0); the key users are deduplicated and diffed by."
        case .name: "The display name, as the API gives it (or its given and family names joined)."
        case .username: "The login, handle or screen name."
        case .email: "The primary email address."
        case .avatarURL: "The avatar image's absolute URL (relative ones resolved with --base-url, else dropped)."
        case .bio: "The free-text description, biography or title."
        case .phone: "The phone number, as text."
        case .website: "The personal or company website."
        case .street: "Street and number of the address."
        case .suite: "Suite, apartment or second address line."
        case .city: "The city or locality."
        case .zipcode: "The postal code, as text."
        case .lat: "Latitude, as text."
        case .lng: "Longitude, as text."
        case .companyName: "The employer or organisation's name."
        case .catchPhrase: "The company's slogan."
        case .bs: "The company's business description."
        }
    }

    /// The JSON type a value has in the canonical user and in rows: the id is always a string;
    /// every other field is a string or null (a value the source lacks, or that was blank).
    public var isNullable: Bool { self != .id }
}
