/// A record that did not become a user, or a user `--where` failed on: what `--rejects` writes,
/// one per line, so nothing read is lost without a trace.
public struct RejectedRecord: Sendable {
    public enum Kind: String, Sendable {
        /// Text that is not JSON (`--skip-bad-json`).
        case badJSON = "bad-json"
        /// JSON that can't be a user: no id, a field of the wrong type.
        case unusable
        /// A user `--where` raised an error for.
        case whereFailed = "where"
    }

    public var kind: Kind
    public var location: SourceLocation
    public var reason: String
    /// The record's JSON, or the raw text that was not JSON; nil when the input can't give it.
    public var text: RecordText?

    public init(kind: Kind, location: SourceLocation, reason: String, text: RecordText?) {
        self.kind = kind
        self.location = location
        self.reason = reason
        self.text = text
    }
}

/// Where rejected records go (`--rejects FILE`, `--max-rejects N`); throwing stops the run.
public protocol RejectReporter: AnyObject, Sendable {
    func reject(_ record: RejectedRecord) throws(UserlistError)
}
