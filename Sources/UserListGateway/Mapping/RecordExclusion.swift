import UserListDomain
/// A record an API sends in its user list that is not a person (a bot, a group, a deleted
/// account): left out of the list, counted, and reported, rather than shown as a user.
public struct RecordExclusion: Hashable, Sendable {
    public enum Condition: Hashable, Sendable {
        /// A boolean field is `true` (`is_bot`, `deleted`).
        case isTrue(FieldPath)
        /// A string field has this value (Slack's Slackbot is `"id": "USLACKBOT"`, not `is_bot`).
        case equals(FieldPath, String)
        /// A string field (or a list of them) types the record as something that is not a person
        /// (`"type": "bot"`, `"subjectKind": "group"`, `"@odata.type": "#microsoft.graph.group"`):
        /// see ``NonPersonKind``. The reason is the kind's.
        case kind(FieldPath)
        /// The field is there at all (Keycloak's service accounts carry `serviceAccountClientId`).
        case present(FieldPath)

        var path: FieldPath {
            switch self {
            case .isTrue(let path), .equals(let path, _), .kind(let path), .present(let path): path
            }
        }
    }

    public let condition: Condition
    /// What one such record is, for the report: `bot`, `deleted account` (for ``Condition/kind``,
    /// the kind's own: `group`, `app`).
    public let reason: String

    public init(when flag: FieldPath, isTrue reason: String) {
        condition = .isTrue(flag)
        self.reason = reason
    }

    public init(when path: FieldPath, is value: String, _ reason: String) {
        condition = .equals(path, value)
        self.reason = reason
    }

    /// The record is what the string at `path` types it as, when that is not a person.
    public init(kindOf path: FieldPath) {
        condition = .kind(path)
        reason = "not a person"
    }

    public init(whenPresent path: FieldPath, _ reason: String) {
        condition = .present(path)
        self.reason = reason
    }

    /// Whether the records it leaves out are not people at all (kept by `--include-non-people`),
    /// rather than people's records left out for another reason (a deleted account).
    public var isNonPerson: Bool {
        if case .kind = condition { return true }
        return NonPerson.reasons.contains(reason)
    }
}
