import UserListDomain
/// One input named on the command line: a file, or standard input (`-`, or no input at all).
public enum InputSource: Hashable, Sendable, CustomStringConvertible {
    case file(String)
    case standardInput

    /// Parses a command-line argument: `-` is standard input.
    public init(argument: String) {
        self = argument == "-" ? .standardInput : .file(argument)
    }

    /// The name used in messages: the path as given, or `<stdin>` as jq says.
    public var description: String {
        switch self {
        case .file(let path): path
        case .standardInput: "<stdin>"
        }
    }
}
