/// One record as the Gateway found it: a mapped user, or why the source record could not be one.
public enum SourceRecord: Sendable {
    case user(User)
    case unusable(reason: String)
}
