import ArgumentParser
import UserListKit
import UserListStages

/// `userlist stage map`.
struct MapCommand: StageSubcommand {
    static let configuration = CommandConfiguration(commandName: "map", abstract: "Numbered input lines → users keyed by id, and counts.")
    @OptionGroup var options: StageOptions

    @Option(help: ArgumentHelp("Read one split's raw lines (each line's exact bytes) instead of numbered lines: its first line is line LINE of input INPUT (or a driver's mark) at global position POSITION, the next ones follow; more than MAX lines is exit 65.", valueName: "INPUT:LINE:POSITION:MAX"))
    var split: String?

    @Option(help: ArgumentHelp("Write the lines as frames by the partition of the shuffle they go to (BUCKET<TAB>LENGTH, then LENGTH bytes of lines): users by a hash of their id into 0..<n, the counts into 0, reject lines into n. The shuffle then only moves blocks: give partial --dedupe.", valueName: "n"))
    var buckets: Int?

    func validate() throws {
        try options.validate(writesOutput: false)
        if let split, StageSplit(argument: split) == nil {
            throw ValidationError("--split takes INPUT:LINE:POSITION:MAX, four numbers (LINE and MAX at least 1), got '\(split)'")
        }
        if let buckets, !(1...1_000_000).contains(buckets) { throw ValidationError("--buckets must be between 1 and 1000000, got \(buckets)") }
    }

    func run(variables: JQVariables) throws {
        let run = try options.makeRun(variables: variables)
        try reporting { () throws(UserlistError) in try run.runStage(.map, names: options.names, warnings: StandardErrorReporter(), split: split.flatMap(StageSplit.init(argument:)), buckets: buckets) }
    }
}
