/// Where something sits in the input: the input's name, a 1-based line and column, and
/// optionally the JSON path of the record inside its document (`.users[3]`).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var input: String
    public var line: Int
    public var column: Int
    public var path: String?

    public init(input: String, line: Int, column: Int, path: String? = nil) {
        self.input = input
        self.line = line
        self.column = column
        self.path = path
    }

    /// `users.json:3:17`, the form compilers and jq use, so editors can jump to it.
    public var description: String { "\(input):\(line):\(column)" }
}
