import ArgumentParser
import UserListKit
import UserListStages

/// `userlist stage map`.
struct MapCommand: StageSubcommand {
    static let configuration = CommandConfiguration(commandName: "map", abstract: "Numbered input lines → users keyed by id, and counts.")
    @OptionGroup var options: StageOptions

    func validate() throws { try options.validate(writesOutput: false) }

    func run(variables: JQVariables) throws {
        let run = try options.makeRun(variables: variables)
        try reporting { () throws(UserlistError) in try run.runStage(.map, names: options.names, warnings: StandardErrorReporter()) }
    }
}
