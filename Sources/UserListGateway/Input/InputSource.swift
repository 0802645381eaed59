import UserListDomain
/// One input named on the command line: a file, or standard input (`-`, or no input at all).
public enum InputSource: Hashable, Sendable, CustomStringConvertible {
    case file(String)
    case standardInput
    /// An open regular file the caller owns and keeps open, read from its first byte each time,
    /// under `name`: a copy of standard input that must be read twice (`userlist diff`'s OLD).
    case descriptor(Int32, name: String)

    /// Parses a command-line argument: `-` is standard input.
    public init(argument: String) {
        self = argument == "-" ? .standardInput : .file(argument)
    }

    /// The name used in messages: the path as given, or `<stdin>` as jq says.
    public var description: String {
        switch self {
        case .file(let path): path
        case .standardInput: "<stdin>"
        case .descriptor(_, let name): name
        }
    }
}
