import ArgumentParser
import Foundation
import UserListKit
import UserListStages

/// `userlist stage merge`: the only stage that writes the output, `--summary` and warnings.
struct MergeCommand: StageSubcommand {
    static let configuration = CommandConfiguration(commandName: "merge", abstract: "Every partition's lines → the output of one run.")
    @OptionGroup var options: StageOptions

    @Option(help: ArgumentHelp("Fail (exit 65) unless the map stage read exactly N input lines: a lost or repeated partition must not pass as an answer.", valueName: "n"))
    var lines: Int?

    @Option(help: ArgumentHelp("When the job started (seconds since 1970), for --summary's seconds.", valueName: "seconds"))
    var started: Double?

    @Option(help: ArgumentHelp("What to write: whole (the output, the default); combine (a page's or a count's partial lines from several partitions → the same for all of them); rows (one sorted partition of a full export → its rows, each followed by the separator between rows); ends (the counts and the last row → {\"head\",\"tail\"} as JSON, the warnings and --summary).", valueName: "part"))
    var part: MergePart = .whole

    @Option(help: ArgumentHelp("A full export's sorted runs, one file each in DIR (plain, or as partial --compress-run writes them): standard input gives the counts lines, then merge reads the runs' rows itself, merged in byte order (what sort -m of the files would give).", valueName: "dir"))
    var runs: String?

    @Option(help: ArgumentHelp("With --rejects FILE or --max-rejects N: the map stage's reject lines (what it writes with either behind '#'), sorted by position and complete before the first row, which merge writes to FILE as one run writes its rejects and counts against N (the driver sets them apart from the users).", valueName: "file"))
    var rejectLines: String?

    func validate() throws {
        try options.validate(writesOutput: true)
        if rejectLines != nil, options.batch.rejects == nil, options.batch.maxRejects == nil {
            throw ValidationError("--reject-lines is for --rejects FILE or --max-rejects N: give one of them too")
        }
        // The merge that writes the output names the reject one too many: it needs their lines.
        if runs != nil, part != .whole {
            throw ValidationError("--runs is for the whole output of a full export: give --part rows one sorted range on standard input")
        }
        if options.batch.maxRejects != nil, rejectLines == nil, part == .whole || part == .ends {
            throw ValidationError("--max-rejects needs --reject-lines FILE in merge: the map stage's reject lines, which name the reject one too many")
        }
    }

    func run(variables: JQVariables) throws {
        let run = try options.makeRun(variables: variables)
        let reportingSummary = RunReporting(summary: options.batch.summary.map(OutputDestination.init(argument:))) { StandardError.write($0) }
        try reporting { () throws(UserlistError) in
            let input = runs.map { StageInput.standardInput(then: StageRuns(directory: $0)) } ?? .standardInput
            try run.runStage(
                .merge, names: options.names, input: input, to: options.output.output.map(OutputDestination.init(argument:)) ?? .standardOutput,
                warnings: StandardErrorReporter(quiet: options.batch.quiet), reporting: reportingSummary, expectedLines: lines,
                started: started.map { Date(timeIntervalSince1970: $0) }, part: part, rejectLines: rejectLines)
        }
    }
}
