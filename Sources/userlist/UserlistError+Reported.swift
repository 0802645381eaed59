import ArgumentParser
import UserListKit

extension UserlistError {
    /// Prints the error's one line and gives its exit code — the one place a command's run
    /// error meets standard error. A usage error about a value a config file or a `USERLIST_`
    /// variable gave (`where = ".id |"`) names that place and is a bad config (78), as the
    /// options' own checks are (``Userlist/fromElsewhere(_:)``).
    func reported() -> ExitCode {
        if let (origin, text) = Userlist.fromElsewhere(self) {
            StandardError.report("\(origin): \(text)")
            return ExitCode(78)
        }
        StandardError.report(message)
        return ExitCode(exitCode)
    }
}
