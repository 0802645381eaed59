import ArgumentParser
import UserListKit

/// A stage, run with the jq variables taken out of its command line.
protocol StageSubcommand: ParsableCommand {
    func run(variables: JQVariables) throws
}

extension StageSubcommand {
    func run() throws { try run(variables: JQVariables()) }

    /// Runs `body`, turning its error into the contract's one line and exit code.
    func reporting(_ body: () throws(UserlistError) -> Void) throws {
        do { try body() } catch {
            throw error.reported()
        }
    }
}
