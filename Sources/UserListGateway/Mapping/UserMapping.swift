import UserListDomain
@_spi(Pipeline) import UserListJSON
/// How one API's user record becomes a ``User``: for each canonical field, the places its value
/// may come from, first match wins; and which records are not people at all.
///
/// A mapping is data, so one file per API holds all it knows about that API, and `--explain` can
/// say which source field fed each canonical field. It is compiled once into a ``MappingPlan``
/// that reads a record in one pass over its fields. A class, so passing it around as
/// `any RecordMapping` (once per document) copies a reference instead of boxing four fields.
///
/// ```swift
/// UserMapping([
///     .id: ["login.uuid"],
///     .name: [.joined("name.first", "name.last")],
///     .email: ["email"],
/// ])
/// ```
public final class UserMapping: Sendable {
    public struct Rule: Sendable {
        public let field: CanonicalField
        public let sources: [FieldSource]
    }

    public let rules: [Rule]
    public let exclusions: [RecordExclusion]
    /// The only nested objects a `*` path looks into: those that hold the record's own person
    /// (`profile`, `user`, `details`). Any other object may be someone or something else
    /// (`Created_By`, `reportsTo`, `identity_provider`, `site`), whose name or email must never
    /// become the person's.
    public let nestedPersonKeys: [String]
    /// Other keys whose objects `*` paths look into, by their words (``NestedPersonWords``).
    let nestedPersonWords: NestedPersonWords?
    /// Keys under which a list item may wrap its person (`{"user": {…}, "roles": […]}`): an item
    /// with no id and no name, username or email of its own is read as the first of these
    /// objects that has an id and one of them.
    public let wrappers: [String]
    /// Fields of a record whose value holds more of its keys, read as if they were the
    /// record's own (where the record has no such key itself): an attribute object
    /// (`attributes: {"phone": ["+1…"]}`), a list of named values (`[{"Name": "email", "Value": …}]`,
    /// `[{"key", "value"}]`, `[{"name", "values": […]}]`) or of typed ones (`[{"type": "EMAIL",
    /// "value": …}]`), and lists of such lists (`identity-profiles[].identities`).
    public let containers: [String]
    let plan: MappingPlan

    public init(
        _ rules: KeyValuePairs<CanonicalField, [FieldSource]>, excluding exclusions: [RecordExclusion] = [],
        nestedPersonKeys: [String] = [], nestedPersonWords: NestedPersonWords? = nil, wrappers: [String] = [], containers: [String] = []
    ) {
        self.rules = rules.map { Rule(field: $0.key, sources: $0.value) }
        self.exclusions = exclusions
        self.nestedPersonKeys = nestedPersonKeys
        self.nestedPersonWords = nestedPersonWords
        self.wrappers = wrappers
        self.containers = containers
        plan = MappingPlan(rules: self.rules, exclusions: exclusions, nestedPersonKeys: nestedPersonKeys, nestedPersonWords: nestedPersonWords, wrappers: wrappers, containers: containers)
    }

    private init(rules: [Rule], exclusions: [RecordExclusion], nestedPersonKeys: [String], nestedPersonWords: NestedPersonWords?, wrappers: [String], containers: [String], avatarBase: BaseURL?) {
        self.rules = rules
        self.exclusions = exclusions
        self.nestedPersonKeys = nestedPersonKeys
        self.nestedPersonWords = nestedPersonWords
        self.wrappers = wrappers
        self.containers = containers
        plan = MappingPlan(rules: rules, exclusions: exclusions, nestedPersonKeys: nestedPersonKeys, nestedPersonWords: nestedPersonWords, wrappers: wrappers, containers: containers, avatarBase: avatarBase)
    }

    /// This mapping for a run's ``MappingOptions``: with `includeNonPeople`, without the
    /// exclusions of records that are not people (deleted accounts are still left out); with a
    /// `baseURL`, resolving avatars' paths against it.
    func configured(_ options: MappingOptions) -> UserMapping {
        let dropsExclusions = options.includeNonPeople && exclusions.contains(where: \.isNonPerson)
        guard dropsExclusions || options.baseURL != plan.avatarBase else { return self }
        return UserMapping(
            rules: rules, exclusions: options.includeNonPeople ? exclusions.filter { !$0.isNonPerson } : exclusions,
            nestedPersonKeys: nestedPersonKeys, nestedPersonWords: nestedPersonWords, wrappers: wrappers, containers: containers, avatarBase: options.baseURL)
    }

    /// The record as a user, the reason it can't be one, or why it was left out.
    func map(_ record: JSONNode, fields: FieldSet) -> SourceRecord {
        guard record.kind == .object else {
            return .unusable(reason: "expected a user object, found \(record.kind.article) \(record.kind.rawValue)")
        }
        return plan.map(record, fields: fields)
    }

    /// Which source fed each canonical field of `record` (only fields that got a value), for `--explain`.
    func sources(of record: JSONNode) -> [(CanonicalField, String)] {
        guard record.kind == .object else { return [] }
        return plan.sources(of: record)
    }

    /// Why `record` is left out, when it is.
    func exclusionReason(of record: JSONNode) -> String? {
        guard record.kind == .object else { return nil }
        return plan.exclusionReason(of: record)
    }
}
