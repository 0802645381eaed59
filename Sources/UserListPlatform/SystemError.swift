#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: what was being done, to what, and the `errno` it gave. A value, so
/// each layer decides what it means (the Gateway's exit 66 for an input, 73/74 for an output);
/// ``description`` is the usual `subject: operation: reason` text.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done: `read error`, `cannot create a temporary file`.
    public let operation: String
    /// The file or directory it was done to, as the user named it.
    public let subject: String
    public let code: Int32

    public init(_ operation: String, subject: String, code: Int32 = errno) {
        self.operation = operation
        self.subject = subject
        self.code = code
    }

    /// The operation of a failed write: what tells an output that could not be written (74) from
    /// one that could not be created or put in place (73).
    public static let writeError = "write error"

    /// `strerror`'s text for ``code``.
    public var reason: String { Self.text(of: code) }

    /// `strerror`'s text for an `errno` value.
    public static func text(of code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }

    public var description: String { "\(subject): \(operation): \(reason)" }
}
