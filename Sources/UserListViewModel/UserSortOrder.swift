@_spi(Pipeline) import UserListDomain
/// `--sort KEY[:asc|:desc]`: which key, and which way.
public struct UserSortOrder: Hashable, Sendable, CustomStringConvertible {
    public var key: SortKey
    public var descending: Bool

    public init(key: SortKey, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// Parses `name`, `name:asc` or `city:desc`; nil for anything else.
    public init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let key = SortKey(rawValue: String(parts[0]).lowercased()) else { return nil }
        switch parts.count == 2 ? parts[1].lowercased() : "asc" {
        case "asc": self.init(key: key)
        case "desc": self.init(key: key, descending: true)
        default: return nil
        }
    }

    public var description: String { "\(key.rawValue):\(descending ? "desc" : "asc")" }
}
