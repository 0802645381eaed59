/// What follows from the table (``CanonicalField/definition`` and the names). Only ``bitIndex``
/// names fields, for speed, in the declaration's order (a test holds it there).
extension CanonicalField {
    /// The field's name: its dotted path in the canonical user (`address.city`), as `--fields`,
    /// `--sort`, `--count-by`, `diff --fields` and `--explain` name it.
    public var name: String { rawValue }

    /// The column header of csv and tsv, and the key of an ndjson row (flat: `"address.city"`).
    public var header: String { rawValue }

    /// Its key in the object that holds it (`city` in the address).
    public var jsonKey: String {
        guard let dot = rawValue.lastIndex(of: ".") else { return rawValue }
        return String(rawValue[rawValue.index(after: dot)...])
    }

    /// The keys from the canonical user down to it (`["address", "city"]`).
    public var jsonPath: [String] { rawValue.split(separator: ".").map(String.init) }

    /// The object of the canonical user that holds it.
    public var group: CanonicalGroup { definition.group }
    public var isNullable: Bool { definition.isNullable }
    public var summary: String { definition.summary }
    package var acceptsNumber: Bool { definition.acceptsNumber }

    /// Its JSON types: `["string"]`, or `["string", "null"]`.
    public var jsonTypes: [String] { isNullable ? ["string", "null"] : ["string"] }

    /// Its type as `userlist fields` prints it: `string` or `string|null`.
    public var typeName: String { jsonTypes.joined(separator: "|") }

    /// What a mismatch message says the field should have been.
    package var expectation: String { acceptsNumber ? "a string or a number" : "a string" }

    /// The field's place in `allCases`: its bit in a ``FieldSet``.
    package var ordinal: UInt32 { bitIndex }

    /// ``ordinal``, for ``FieldSet``'s inlinable members (internal: `@inlinable package` is not
    /// inlined across modules). A switch, though the declaration's order is the answer: it folds
    /// to a constant where the Gateway tests a literal field (`reads.contains(.name)`), and
    /// `unsafeBitCast(self, to: UInt8.self)` in its place changed what the Gateway's record
    /// reader inlines (W1 on 50k users: 594.5M → 605.8M instructions). `CanonicalFieldTableTests`
    /// holds it to `allCases`.
    @inlinable var bitIndex: UInt32 {
        switch self {
        case .id: 0
        case .name: 1
        case .username: 2
        case .email: 3
        case .avatarURL: 4
        case .bio: 5
        case .phone: 6
        case .website: 7
        case .street: 8
        case .suite: 9
        case .city: 10
        case .zipcode: 11
        case .lat: 12
        case .lng: 13
        case .companyName: 14
        case .catchPhrase: 15
        case .bs: 16
        }
    }
}

/// A key of one of the canonical user's objects: a field, or a nested object.
public enum CanonicalMember: Hashable, Sendable {
    case field(CanonicalField)
    case group(CanonicalGroup)

    /// The key in its object.
    public var key: String {
        switch self {
        case .field(let field): field.jsonKey
        case .group(let group): group.key
        }
    }
}

extension CanonicalGroup {
    /// The object's dotted path (`address.geo`; `""` for the user).
    public var path: String {
        guard let parent else { return "" }
        return parent == .user ? key : parent.path + "." + key
    }

    /// Whether `self` is `group` or holds it, at any depth.
    public func holds(_ group: CanonicalGroup) -> Bool {
        var current: CanonicalGroup? = group
        while let at = current {
            if at == self { return true }
            current = at.parent
        }
        return false
    }

    /// The object's keys in the contract's order: its fields, and each nested object where the
    /// first of its fields comes in the table (`address` after `website`, `geo` after `zipcode`).
    public var members: [CanonicalMember] {
        switch self {
        case .user: Self.userMembers
        case .address: Self.addressMembers
        case .geo: Self.geoMembers
        case .company: Self.companyMembers
        }
    }

    /// The fields the object holds, at any depth, in table order (every field for the user).
    public var fields: [CanonicalField] { CanonicalField.allCases.filter { holds($0.group) } }

    /// The nested objects, in the order their keys come (`address`, `address.geo`, `company`).
    public static let nested: [CanonicalGroup] = {
        var groups: [CanonicalGroup] = []
        func visit(_ group: CanonicalGroup) {
            for case .group(let child) in group.members {
                groups.append(child)
                visit(child)
            }
        }
        visit(.user)
        return groups
    }()

    /// The nested object whose path is `path`, if any.
    public init?(path: String) {
        guard !path.isEmpty, let group = Self.nested.first(where: { $0.path == path }) else { return nil }
        self = group
    }

    private static let userMembers = members(of: .user)
    private static let addressMembers = members(of: .address)
    private static let geoMembers = members(of: .geo)
    private static let companyMembers = members(of: .company)

    private static func members(of group: CanonicalGroup) -> [CanonicalMember] {
        var members: [CanonicalMember] = []
        for field in CanonicalField.allCases {
            if field.group == group {
                members.append(.field(field))
                continue
            }
            // The child of `group` on the way down to the field's object, if `group` holds it.
            var child = field.group
            while let parent = child.parent, parent != group { child = parent }
            guard child.parent == group, !members.contains(.group(child)) else { continue }
            members.append(.group(child))
        }
        return members
    }
}

extension CanonicalGroup {
    /// The object's place in `allCases` (a case without a payload is stored as its place in the
    /// declaration; `CanonicalFieldTableTests` holds it to `allCases`): for tables indexed by object.
    public var index: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}
