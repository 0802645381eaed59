@_spi(Pipeline) import UserListDomain
/// `--sort KEY[:asc|:desc][:natural],…` (and `--collate LOCALE`): the keys, in order of
/// precedence, each ascending or descending; missing values last whichever way; ties in input order.
///
/// One key of the old six (`name`, `city:desc`), with no `:natural` and no collation, is the
/// single-key fast path: its ``SortValue`` is the folded and exact text (or the integer id) and
/// the run's ``descending`` reverses it, as before there were several keys. Anything else is one
/// composite byte key per user (``CompositeSortKey``) that carries every key's direction itself.
public struct UserSortOrder: Hashable, Sendable, CustomStringConvertible {
    public var terms: [SortTerm]
    /// `--collate`: text keys compare by this locale's collation; nil is the folded order.
    public var collator: (any SortCollator)?

    public init(terms: [SortTerm], collator: (any SortCollator)? = nil) {
        precondition(!terms.isEmpty, "a sort has at least one key")
        self.terms = terms
        self.collator = collator
    }

    public init(key: SortKey, descending: Bool = false) {
        self.init(terms: [SortTerm(field: key.canonicalField, descending: descending)])
    }

    /// Parses `name`, `name:asc`, `city:desc,name,id:natural`; nil for anything else.
    public init?(argument: String) {
        guard let order = try? Self(parsing: argument) else { return nil }
        self = order
    }

    /// Parses a `--sort` value, saying what is wrong with a bad one.
    public init(parsing argument: String, collator: (any SortCollator)? = nil) throws(SortParseError) {
        var terms: [SortTerm] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            if part.isEmpty || part.first == ":" {
                throw SortParseError(description: "a key without a field in '\(argument)' (keys are separated by commas: city,name:desc)")
            }
            let term = try SortTerm(parsing: part)
            if terms.contains(where: { $0.field == term.field }) {
                throw SortParseError(description: "'\(term.name)' is a key twice in '\(argument)'")
            }
            terms.append(term)
        }
        self.init(terms: terms, collator: collator)
    }

    /// The single key of the fast path, when the order is one (see the type's notes).
    public var simpleKey: SortKey? {
        guard terms.count == 1, !terms[0].natural, collator == nil else { return nil }
        return SortKey(field: terms[0].field)
    }

    /// Whether the run reverses the order of the ``SortValue``s: only the fast path's; a
    /// composite key has each key's direction inside it.
    public var descending: Bool { simpleKey != nil && terms[0].descending }

    /// The canonical fields the keys read.
    package var fields: FieldSet {
        terms.reduce(into: FieldSet()) { $0.insert(FieldSet($1.field)) }
    }

    /// Whether every key is one a record's ``RecordKeys`` hold (the keys path can sort by them).
    package var readableFromKeys: Bool { terms.allSatisfy { SortKey(field: $0.field) != nil } }

    /// The prepared sort value of `user`: nil only on the fast path, for a user without the key.
    package func sortValue(of user: User) -> SortValue? {
        sortValue { user.text(of: $0) }
    }

    /// The same, from a field → text function (a user's, or a record's keys).
    @inline(__always)
    func sortValue(_ text: (CanonicalField) -> String?) -> SortValue? {
        if let key = simpleKey { return text(terms[0].field).map { SortValue($0, key: key) } }
        var bytes: [UInt8] = []
        for term in terms { CompositeSortKey.append(text(term.field), term: term, collator: collator, to: &bytes) }
        return .bytes(bytes)
    }

    public var description: String {
        terms.map(\.description).joined(separator: ",") + (collator.map { "@\($0.locale)" } ?? "")
    }

    public static func == (lhs: UserSortOrder, rhs: UserSortOrder) -> Bool {
        lhs.terms == rhs.terms && lhs.collator?.locale == rhs.collator?.locale
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(terms)
        hasher.combine(collator?.locale)
    }
}

/// A locale's collation for `--collate`: text to a key whose byte order (memcmp) is the locale's
/// order, made once per user kept, so comparisons never call the collator. A class: the sort
/// order holding it is copied cheaply (one reference), not through an existential's buffer.
public protocol SortCollator: AnyObject, Sendable {
    /// The locale, as given (`sv`, `de-DE`).
    var locale: String { get }
    /// Appends `text`'s collation key: bytes with no 00 among them, so a 00 can end it.
    func appendKey(_ text: String, to key: inout [UInt8])
}
