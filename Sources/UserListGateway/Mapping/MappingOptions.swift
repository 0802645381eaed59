/// What a run asks of every mapping, whatever shape the payload has.
public struct MappingOptions: Hashable, Sendable {
    /// `--include-non-people`: keep the records an API marks as bots, groups, apps, service or
    /// system accounts (deleted accounts are still left out).
    public var includeNonPeople = false

    public init(includeNonPeople: Bool = false) {
        self.includeNonPeople = includeNonPeople
    }
}
