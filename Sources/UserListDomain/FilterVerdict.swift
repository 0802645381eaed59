/// What a filter said about one user.
public enum FilterVerdict: Sendable {
    case included
    case excluded
    /// The filter failed for this user (the user is dropped, the error counted).
    case failed(String)
    /// The filter gave something other than true, false or null (the user is dropped; the
    /// ViewModel reports how often, since `--where .name` usually means `.name != null`).
    case notBoolean(kind: String)
}
