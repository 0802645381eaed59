import ArgumentParser
import UserListKit
import UserListStages

/// `userlist stage partial`.
struct PartialCommand: StageSubcommand {
    static let configuration = CommandConfiguration(commandName: "partial", abstract: "One partition of users, one per id → its candidates and counts.")
    @OptionGroup var options: StageOptions

    @Flag(help: "A full export: write the sorted rows, after the counts line, as one zstd frame (for merge --runs, which reads it back): ~4× fewer bytes for the driver to carry.")
    var compressRun = false

    @Flag(help: "The lines may repeat an id (map --buckets: the shuffle only moved them): keep each id's line of smallest position, as a shuffle that deduplicates would.")
    var dedupe = false

    func validate() throws { try options.validate(writesOutput: false) }

    func run(variables: JQVariables) throws {
        let run = try options.makeRun(variables: variables)
        try reporting { () throws(UserlistError) in try run.runStage(.partial, names: options.names, warnings: StandardErrorReporter(), dedupe: dedupe, compressRun: compressRun) }
    }
}
