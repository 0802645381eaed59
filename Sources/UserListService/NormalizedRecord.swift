@_spi(Pipeline) import UserListDomain
/// One source record after the Service's rules that need no other record: a usable user
/// (normalised, with an id), or why it is not one. Dedupe needs the records before it, so it is
/// not here: a single run does it in input order (``UserService``), a distributed one with a
/// shuffle by id (the map stage of `userlist stage` emits these, one per record).
public enum NormalizedRecord: Sendable {
    case user(User)
    case unusable(reason: String)
    /// Text that was not JSON, skipped with `--skip-bad-json`.
    case malformed(reason: String)
    /// Not a person (a bot, a deleted account): counted, never shown.
    case excluded(reason: String)
    /// Usable and normalised already, decided from its keys (``SourceRecord/keyed(_:)``).
    @_spi(Pipeline) case keyed(KeyedRecord)

    public init(_ record: SourceRecord) {
        switch record {
        case .user(let mapped):
            let user = UserNormalizer.normalize(mapped)
            self = user.id.isEmpty ? .unusable(reason: "no \"id\"") : .user(user)
        case .unusable(let reason): self = .unusable(reason: reason)
        case .malformed(let reason): self = .malformed(reason: reason)
        case .excluded(let reason): self = .excluded(reason: reason)
        case .keyed(let keyed): self = .keyed(keyed)
        }
    }
}
