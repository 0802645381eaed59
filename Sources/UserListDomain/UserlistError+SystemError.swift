import UserListPlatform

/// A failed system call (``SystemError``) becomes a problem here, once, instead of its text being
/// wrapped at each call: `subject: operation: reason`, the subject as the input.
extension Diagnostic {
    public init(_ problem: Problem, _ error: SystemError, scope: String? = nil) {
        self.init(problem, scope: scope, input: error.subject, "\(error.operation): \(error.reason)")
    }

    /// The same problem as part of a larger one (`--rejects: out.ndjson: write error: …`):
    /// `scope` is put before any scope it has.
    public func within(_ scope: String) -> Diagnostic {
        var diagnostic = self
        diagnostic.scope = self.scope.map { "\(scope): \($0)" } ?? scope
        return diagnostic
    }
}

extension UserlistError {
    /// An input's system call that failed (`noInput`, 66), or an output's (73 or 74).
    public init(_ kind: Kind, _ error: SystemError, scope: String? = nil) {
        self.init(kind, Diagnostic(kind == .noInput ? .unreadableInput : .unwritableOutput, error, scope: scope))
    }

    /// `body`'s work on one of the run's temporary files (a spool, a sort's runs): failing, it is
    /// an output error (74), since the run can't finish its output.
    public static func writingOutput<T>(_ body: () throws(SystemError) -> T) throws(UserlistError) -> T {
        do { return try body() } catch { throw UserlistError(.output, error) }
    }

    /// An output file's failure: 74 when writing failed, 73 when it could not be created,
    /// synced or renamed into place.
    public static func output(_ error: SystemError, scope: String? = nil) -> UserlistError {
        UserlistError(error.operation == SystemError.writeError ? .output : .cantCreate, error, scope: scope)
    }
}
