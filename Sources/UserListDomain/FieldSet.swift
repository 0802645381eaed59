/// A set of the canonical user's fields: which ones a run needs built (projection pushdown).
///
/// The Gateway still reads every field a record has, to hold each to its type (a `name` of `5`
/// makes the record unusable whether or not the run shows names), but turns only these into
/// `String`s: a run that searches and sorts by name and prints cells needs 7 of 17.
public struct FieldSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    // The Gateway asks `contains` for every field of every record: inlined there, a test of a
    // bit instead of a call and a switch (W3 on 50k users: 1,432.8M → 1,420.8M instructions).
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    @inlinable public init(_ field: CanonicalField) { self.init(rawValue: 1 << field.bitIndex) }

    public static let all = FieldSet(rawValue: (1 << UInt32(CanonicalField.allCases.count)) - 1)

    /// What a ``UserCellViewModel`` is made of: id, title (name, username, email), subtitle,
    /// caption (bio, company name) and avatar.
    public static let cell: FieldSet = [.init(.id), .init(.name), .init(.username), .init(.email), .init(.avatarURL), .init(.bio), .init(.companyName)]

    /// The fields a record's keys hold (``RecordKeys``, and the id).
    public static let keyed: FieldSet = cell.union([.init(.city)])

    public static let address: FieldSet = [.init(.street), .init(.suite), .init(.city), .init(.zipcode), .init(.lat), .init(.lng)]
    public static let company: FieldSet = [.init(.companyName), .init(.catchPhrase), .init(.bs)]

    @inlinable public func contains(_ field: CanonicalField) -> Bool { rawValue & (1 << field.bitIndex) != 0 }
}

extension CanonicalField {
    /// The field's place in `allCases`: its bit in a ``FieldSet``.
    package var ordinal: UInt32 { bitIndex }

    /// ``ordinal``, for ``FieldSet``'s inlinable members: internal, as `@inlinable package` is
    /// not inlined across modules.
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
