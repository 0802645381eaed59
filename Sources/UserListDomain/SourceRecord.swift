/// One record as the Gateway found it: a mapped user, why the source record could not be one, or
/// why it was deliberately left out.
public enum SourceRecord: Sendable {
    case user(User)
    case unusable(reason: String)
    /// Text that was not JSON, skipped with `--skip-bad-json` (the reason is the syntax error).
    case malformed(reason: String)
    /// A record the API lists that is not a person (a bot, a deleted account): counted and
    /// reported, never shown as a user.
    case excluded(reason: String)
    /// A usable, normalised record decided from its keys, its user not built (a run that counts
    /// or prints one page; see ``RecordKeys``).
    @_spi(Pipeline) case keyed(KeyedRecord)
}
