import ArgumentParser
import UserListKit
import UserListPlatform

extension ParsableCommand {
    /// Ends the process for an error a command threw: the contract's one line and exit code, not
    /// ArgumentParser's usage block; `--help`/`--version` printed (and their write checked).
    /// `helpCommand` is what the hint names (`userlist --help`, `userlist diff --help`).
    static func exit(for error: any Error, helpCommand: String) -> Never {
        switch error {
        case let exit as ExitCode:
            ProcessExit.now(exit.rawValue)
        case let error as UserlistError:
            StandardError.report(error.message)
            ProcessExit.now(error.exitCode)
        default:
            if exitCode(for: error) == .success { StandardError.printOrFail(fullMessage(for: error)) }
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let hint = message.contains("--help") ? "" : " (see '\(helpCommand)')"
            StandardError.report("\(lowercasingFirst(message))\(hint)")
            ProcessExit.now(exitCode(for: error).rawValue)
        }
    }

    private static func lowercasingFirst(_ s: String) -> String {
        guard let first = s.first, first.isUppercase, s.dropFirst().first?.isLowercase ?? true else { return s }
        return first.lowercased() + s.dropFirst()
    }
}
