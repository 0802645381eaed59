import UserListDomain
/// A record an API sends in its user list that is not a person (a bot, a deleted account): left
/// out of the list, counted, and reported, rather than shown as a user.
public struct RecordExclusion: Hashable, Sendable {
    public enum Condition: Hashable, Sendable {
        /// A boolean field is `true` (`is_bot`, `deleted`).
        case isTrue(FieldPath)
        /// A string field has this value (Slack's Slackbot is `"id": "USLACKBOT"`, not `is_bot`).
        case equals(FieldPath, String)

        var path: FieldPath {
            switch self {
            case .isTrue(let path), .equals(let path, _): path
            }
        }
    }

    public let condition: Condition
    /// What one such record is, for the report: `bot`, `deleted account`.
    public let reason: String

    public init(when flag: FieldPath, isTrue reason: String) {
        condition = .isTrue(flag)
        self.reason = reason
    }

    public init(when path: FieldPath, is value: String, _ reason: String) {
        condition = .equals(path, value)
        self.reason = reason
    }
}
