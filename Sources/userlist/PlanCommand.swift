import ArgumentParser
import UserListKit
import UserListStages

/// `userlist stage plan`, for the driver: one JSON line, `{"gather":"page","sort":false,"parts":false,"separator":"","extension":"json"}`.
struct PlanCommand: StageSubcommand {
    static let configuration = CommandConfiguration(commandName: "plan", abstract: "Check the options; print how the driver gathers the partial stage's lines.")
    @OptionGroup var options: StageOptions

    func validate() throws { try options.validate(writesOutput: false) }

    func run(variables: JQVariables) throws {
        let run = try options.makeRun(variables: variables)
        try reporting { () throws(UserlistError) in print(try run.stagePlan()) }
    }
}
