import UserListDomain
/// One place a canonical field's value may come from in a source record; a field lists several,
/// and the first that holds a value wins.
public enum FieldSource: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The string at a path (or the number, for fields that take one): `"email"`, `"login.uuid"`.
    case value(FieldPath)
    /// Several parts joined with a space, missing ones left out: a first and a last name. A join
    /// missing some parts yields to any later source that has a value.
    case joined([FieldPath])
    /// From an array at a path, the element marked `"primary": true`, else the first one: a string
    /// element itself, or an object element's `key` field (SCIM's `emails[].value`).
    case primaryElement(FieldPath, key: String)
    /// The string at a path only when it reads as an identifier, never as a person's name: a
    /// Matrix user id (`@alice:example.org`) or an API resource name (`users/1234`). Synapse's
    /// admin API and Google's APIs keep their ids under `name`, next to a display name.
    case identifier(FieldPath)
    /// The string at a path only when it reads as an email address (``EmailAddressText``): the
    /// sign-in name some APIs give instead of an email (Box's and Okta's `login`), never a
    /// handle that isn't one (GitHub's `login`).
    case emailAddress(FieldPath)

    public init(stringLiteral value: String) { self = .value(FieldPath(value)) }

    /// Joined parts, written as paths: `.joined("name.first", "name.last")`.
    public static func joined(_ parts: FieldPath...) -> FieldSource { .joined(parts) }

    /// The paths this source reads.
    var paths: [FieldPath] {
        switch self {
        case .value(let path): [path]
        case .joined(let parts): parts
        case .primaryElement(let path, _): [path]
        case .identifier(let path), .emailAddress(let path): [path]
        }
    }
}

extension FieldSource: CustomStringConvertible {
    /// As `--explain` shows it: `email`, `name.first + name.last`, `emails[primary].value`.
    public var description: String {
        switch self {
        case .value(let path): path.description
        case .joined(let parts): parts.map(\.description).joined(separator: " + ")
        case .primaryElement(let path, let key): "\(path)[primary].\(key)"
        case .identifier(let path), .emailAddress(let path): path.description
        }
    }
}
