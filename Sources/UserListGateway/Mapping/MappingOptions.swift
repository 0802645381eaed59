/// What a run asks of every mapping, whatever shape the payload has.
public struct MappingOptions: Hashable, Sendable {
    /// `--include-non-people`: keep the records an API marks as bots, groups, apps, service or
    /// system accounts (deleted accounts are still left out).
    public var includeNonPeople = false
    /// `--base-url`: what a relative avatar URL (`/user_avatar/…`) is resolved against; without
    /// it such an avatar is dropped (the row shows its initials).
    public var baseURL: BaseURL?

    public init(includeNonPeople: Bool = false, baseURL: BaseURL? = nil) {
        self.includeNonPeople = includeNonPeople
        self.baseURL = baseURL
    }
}
