/// A syntax error in a stream of JSON texts: the byte offset where it was detected and why.
///
/// `offset` indexes the buffer that was checked and points at the offending byte, or at the
/// buffer's end for a text cut short; `TextPosition.of(offset:in:)` turns it into a line and
/// column. `message` is short and lower case, ready to follow `users.json:3:17: `.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte index of the offending byte (the buffer's count for an unexpected end of input).
    public var offset: Int
    /// What is wrong, e.g. `expected ',' or '}' after an object member`.
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "\(message) (at byte \(offset))" }

    /// The same error in a buffer that holds the checked one from byte `delta` on.
    public func shifted(by delta: Int) -> JSONSyntaxError { JSONSyntaxError(offset: offset + delta, message: message) }
}
