import UserListPlatform

/// An error that stops the run: a ``Diagnostic`` (what, where, which option) and the contract's
/// exit code.
public struct UserlistError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The contract's failure classes, each with its exit code (sysexits.h values).
    public enum Kind: Int32, Sendable {
        /// Unknown flag, bad value, a jq expression that does not compile.
        case usage = 64
        /// Input that is not JSON, or a document with no users in a known place.
        case data = 65
        /// An input file that cannot be opened.
        case noInput = 66
        /// The `--output` file (or its temporary file beside it) could not be created.
        case cantCreate = 73
        /// Output that could not be written.
        case output = 74
        /// A distributed run's merge that can't be sure of its page from what the map stages held
        /// back: the driver runs the job again with every match sent (sysexits' EX_TEMPFAIL).
        case retry = 75
        /// A configuration file or `USERLIST_*` variable that can't be used (sysexits' EX_CONFIG).
        case config = 78
    }

    public var kind: Kind
    public var diagnostic: Diagnostic

    public init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    /// The message without the `userlist: ` prefix, e.g. `users.json:3:17: expected ',' or '}' after an object member`.
    public var message: String { diagnostic.text }
    public var exitCode: Int32 { kind.rawValue }
    public var description: String { message }
}
