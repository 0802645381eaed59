import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Any other envelope: the one array of user-like objects among the document's fields, or one
/// level further down (`{"result": {"people": [...]}}`). A record looks like a user when the
/// general mapping finds an email, a username or a person's name (not just a `name`) in it.
///
/// Several candidate arrays at the same depth are narrowed to the one under a well-known key
/// (`users`, `members`, `data`, …); if that doesn't settle it, the document is ambiguous and
/// the user is asked for `--users-at`, rather than the wrong array being listed.
struct GeneralEnvelopeShape: PayloadShape {
    var name: String { "envelope (general mapping)" }

    /// In lower case: a key is asked in lower case (`Data`, `Users`, `userList` as .NET and
    /// Java write them).
    static let wellKnownKeys: Set<String> = [
        "users", "members", "people", "persons", "results", "data", "items", "records", "entries", "value",
        "resources", "accounts", "employees", "contacts", "customers", "profiles", "list", "rows",
        "result", "values", "objects", "content", "docs", "userlist", "user_list", "agents", "admins",
        "staff", "subscribers", "participants", "collaborators", "hits",
        "teammates", "team_members", "teammembers",
    ]

    static func isWellKnown(_ key: String) -> Bool { wellKnownKeys.contains(key.lowercased()) }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, document.holdsAnArray else { return nil }
        var emptyWellKnown: [(JSONNode, [JSONPathComponent])] = []
        var nested: [(JSONNode, String)] = []
        for depth in 0..<2 {
            let containers = depth == 0 ? [(document, [JSONPathComponent]())] : nested.map { ($0.0, [JSONPathComponent.key($0.1)]) }
            var found: [(JSONNode, [JSONPathComponent], String)] = []
            for (container, prefix) in containers {
                container.forEachField { keyBytes, value in
                    let key = String(decoding: keyBytes, as: UTF8.self)
                    switch value.kind {
                    case .array:
                        let firstElements = value.elements(upTo: 3)  // the first may be sparse, as long as one isn't
                        if firstElements.isEmpty {
                            if Self.isWellKnown(key) { emptyWellKnown.append((value, prefix + [.key(key)])) }
                        } else if firstElements.contains(where: { Self.looksLikeUser($0, listedAs: key) }) {
                            found.append((value, prefix + [.key(key)], key))
                        }
                    case .object where depth == 0:
                        nested.append((value, key))
                    default:
                        break
                    }
                }
            }
            if found.count == 1 { return .array(found[0].0, path: found[0].1) }
            let preferred = found.filter { Self.isWellKnown($0.2) }
            if preferred.count == 1 { return .array(preferred[0].0, path: preferred[0].1) }
            if found.count > 1 { return .ambiguous(found.map(\.1)) }
        }
        if emptyWellKnown.count == 1 { return .array(emptyWellKnown[0].0, path: emptyWellKnown[0].1) }
        return nil
    }

    /// An envelope that lists no users without a well-known empty list: its list is `null`
    /// (Pipedrive's `{"success": true, "data": null, "additional_data": …}`, with no array
    /// anywhere), or left out or under another name beside a count of 0 (Spring HAL's
    /// `{"_links": …, "page": {"totalElements": 0}}`, `{"teammates": [], "total": 0}`), with no
    /// array of its fields holding anything.
    func isEmptyPage(_ document: JSONNode) -> Bool {
        guard document.kind == .object else { return false }
        var nulls = 0, filled = 0
        document.forEachField { key, value in
            if value.kind == .null, Self.isWellKnown(String(decoding: key, as: UTF8.self)) { nulls += 1 }
            if value.kind == .array, value.count > 0 { filled += 1 }
        }
        guard filled == 0 else { return false }
        if nulls == 1, !document.holdsAnArray { return true }
        for holder in [document, document.field("page"), document.field("meta")] {
            guard let holder, holder.kind == .object else { continue }
            for key: StaticString in ["totalElements", "total", "totalCount", "total_count", "totalDocs", "totalResults", "count"] {
                if holder.field(key)?.number?.integer == 0 { return true }
            }
        }
        return false
    }

    var mapping: any RecordMapping { AutomaticMapping.shared }

    /// Keys that list people and nothing else (in lower case): a record listed under one of them
    /// is a person by an id and a bare `name` (MediaWiki's `allusers: [{"userid", "name"}]`,
    /// Meetup's `memberships` connection of `{"id", "name"}` nodes).
    static let peopleKeys: Set<String> = [
        "users", "allusers", "members", "memberships", "people", "persons", "employees", "staff", "teammates", "team_members",
        "participants", "attendees", "subscribers", "followers", "following", "contacts", "collaborators", "admins",
        "agents", "moderators", "userlist", "user_list", "membersWithRole".lowercased(),
    ]

    /// ``looksLikeUser(_:)``, or an id and a bare `name` in a record listed under one of
    /// ``peopleKeys`` or typed as a person (Miro's `"type": "board_member"`, `"kind": "user"`).
    static func looksLikeUser(_ record: JSONNode, listedAs key: String?) -> Bool {
        if looksLikeUser(record) { return true }
        guard record.kind == .object, key.map({ peopleKeys.contains($0.lowercased()) }) ?? false || isTypedAsPerson(record) else { return false }
        let sources = UserMapping.general.sources(of: record)
        return sources.contains { $0.0 == .id } && sources.contains { $0.0 == .name }
    }

    /// Whether the record's `type` or `kind` ends in a word for a person (`user`, `member`,
    /// `person`, `board_member`, `OrgUser`).
    private static func isTypedAsPerson(_ record: JSONNode) -> Bool {
        for key: StaticString in ["type", "kind"] {
            guard let value = record.field(key)?.string?.lowercased() else { continue }
            if ["user", "member", "person", "people", "employee", "contact"].contains(where: { value.hasSuffix($0) }) { return true }
        }
        return false
    }

    /// An object in which the general mapping finds an email, a username, or a person's name.
    /// A bare `name` is not enough: products, channels and teams have names too.
    static func looksLikeUser(_ record: JSONNode) -> Bool {
        guard record.kind == .object else { return false }
        return UserMapping.general.sources(of: record).contains { field, source in
            switch field {
            case .email, .username: true
            case .name: source != "name" && !source.hasSuffix(".name")
            default: false
            }
        }
    }
}
