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

    /// Every field of the table: a bit for each, in its order.
    public static let all = FieldSet(rawValue: (1 << UInt32(CanonicalField.allCases.count)) - 1)

    /// What a ``UserCellViewModel`` is made of: id, title (name, username, email), subtitle,
    /// caption (bio, company name) and avatar.
    public static let cell: FieldSet = [.init(.id), .init(.name), .init(.username), .init(.email), .init(.avatarURL), .init(.bio), .init(.companyName)]

    /// The fields a record's keys hold (``RecordKeys``, and the id).
    public static let keyed: FieldSet = cell.union([.init(.city)])

    /// The fields of the address (its geo's too) and of the company, from the table.
    public static let address = FieldSet(CanonicalGroup.address.fields)
    public static let company = FieldSet(CanonicalGroup.company.fields)

    /// The set of `fields`.
    public init(_ fields: some Sequence<CanonicalField>) {
        self.init()
        for field in fields { insert(FieldSet(field)) }
    }

    /// The fields in the set, in the table's order.
    public var fields: [CanonicalField] { CanonicalField.allCases.filter(contains) }

    @inlinable public func contains(_ field: CanonicalField) -> Bool { rawValue & (1 << field.bitIndex) != 0 }
}
