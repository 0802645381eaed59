/// What a filter said about one user.
public enum FilterVerdict: Sendable {
    case included
    case excluded
    /// The filter raised an error for this user: the run stops, naming the user's place.
    case failed(String)
}
