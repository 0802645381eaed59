import UserListDomain
/// Where a value sits in a source record: object keys from the record down (`login.uuid`).
///
/// A first key `*` means "in any nested object" (`*.email` finds `profile.email`): the general
/// mapping's "one level down".
public struct FieldPath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let keys: [String]

    public init(_ text: String) {
        keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        precondition(!keys.isEmpty && !keys.contains(""), "malformed field path '\(text)'")
        precondition(!keys.dropFirst().contains("*"), "'*' is only supported as the first key: '\(text)'")
    }

    /// A path whose keys contain dots themselves (SCIM's `urn:…:2.0:User` extension).
    public init(keys: [String]) {
        precondition(!keys.isEmpty)
        self.keys = keys
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Whether the path starts in any nested object.
    var isWildcard: Bool { keys[0] == "*" }

    /// `login.uuid`; a key that isn't a plain name is quoted, as jq writes it (`"urn:…:2.0:User".organization`).
    public var description: String {
        keys.map { key in
            key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "*") } ? key : "\"\(key)\""
        }.joined(separator: ".")
    }
}
