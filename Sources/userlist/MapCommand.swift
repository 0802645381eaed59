import ArgumentParser
import UserListKit
import UserListStages

/// `userlist stage map`.
struct MapCommand: StageSubcommand {
    static let configuration = CommandConfiguration(commandName: "map", abstract: "Numbered input lines → users keyed by id, and counts.")
    @OptionGroup var options: StageOptions

    @Option(help: ArgumentHelp("Read one split's raw lines (each line's exact bytes) instead of numbered lines: its first line is line LINE of input INPUT (or a driver's mark) at global position POSITION, the next ones follow; more than MAX lines is exit 65.", valueName: "INPUT:LINE:POSITION:MAX"))
    var split: String?

    @Option(help: ArgumentHelp("With --split: read the split from the file itself, not standard input: the lines of PATH that begin in bytes START..<END (each read whole; END left out: to the end). A compressed file (gzip, zstd, xz, lzma, bzip2) is read whole: give PATH:0:.", valueName: "PATH:START:END"))
    var range: String?

    @Flag(help: "With --split on standard input: the input has more lines after this split's last (a line cut short at the split's end is then worded as one run words it: cut off, not the input's end).")
    var inputGoesOn = false

    @Option(help: ArgumentHelp("Write the lines as frames by the partition of the shuffle they go to (BUCKET<TAB>LENGTH, then LENGTH bytes of lines): users by a hash of their id into 0..<n, the counts into 0, reject lines into n. The shuffle then only moves blocks: give partial --dedupe.", valueName: "n"))
    var buckets: Int?

    @Flag(help: "With --buckets: each frame of users' lines is one zstd frame of them (the reject lines' stay plain); stage partial tells a compressed input by its first bytes.")
    var compressFrames = false

    @Flag(help: "A page: send every match whole. Without it each map stage sends only its best page × page size and holds the rest back; when that can't give the exact page (one of a map's best repeats an earlier id), the merge exits 75 and the driver runs the job again with this.")
    var allCandidates = false

    func validate() throws {
        try options.validate(writesOutput: false)
        if let split, StageSplit(argument: split) == nil {
            throw ValidationError("--split takes INPUT:LINE:POSITION:MAX, four numbers (LINE and MAX at least 1), got '\(split)'")
        }
        if let range {
            guard StageRange(argument: range) != nil else {
                throw ValidationError("--range takes PATH:START:END, byte offsets (END at least START, or left out for the file's end), got '\(range)'")
            }
            guard let split = split.flatMap(StageSplit.init(argument:)) else { throw ValidationError("--range needs --split INPUT:LINE:POSITION:MAX: where the range's lines stand among the inputs") }
            guard split.input < options.names.count else { throw ValidationError("--split names input \(split.input), but \(options.names.count) are given with --input") }
        }
        if inputGoesOn, split == nil { throw ValidationError("--input-goes-on needs --split: it says what follows the split") }
        if let buckets, !(1...1_000_000).contains(buckets) { throw ValidationError("--buckets must be between 1 and 1000000, got \(buckets)") }
        if compressFrames, buckets == nil { throw ValidationError("--compress-frames needs --buckets: only frames are compressed") }
    }

    func run(variables: JQVariables) throws {
        let run = try options.makeRun(variables: variables)
        var split = split.flatMap(StageSplit.init(argument:))
        split?.inputGoesOn = inputGoesOn
        var input = StageInput.standardInput
        if let split, let range = range.flatMap(StageRange.init(argument:)) { input = StageInput(range: range, name: options.names[split.input]) }
        try reporting { () throws(UserlistError) in try run.runStage(.map, names: options.names, input: input, warnings: StandardErrorReporter(), split: split, buckets: buckets, allCandidates: allCandidates, compressFrames: compressFrames) }
    }
}
