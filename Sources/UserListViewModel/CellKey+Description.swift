extension CellKey {
    /// What the cell's value is, for `userlist fields` and the JSON Schemas (`userlist schema`).
    public var summary: String {
        switch self {
        case .id: "The user's id as a string."
        case .title: "The display name: name, else username, else email, else id."
        case .subtitle: "The email, or null."
        case .caption: "The bio's first non-empty line, else the company name, else null."
        case .avatarURL: "The avatar URL, or null."
        case .initials: "First letters of the title's first and last words, uppercased (LG)."
        }
    }

    /// Only `id` and `title` are never null.
    public var isNullable: Bool { self != .id && self != .title }
}
