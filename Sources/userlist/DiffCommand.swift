import ArgumentParser
import UserListKit
import UserListPlatform

/// `userlist diff`: parses its options, then hands over to ``UserListDiffRun``.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two user exports by id: who was added, removed or changed.",
        discussion: """
            Each side is one or more inputs of any shape userlist reads, mapped and normalised as \
            the list is; users are matched by id (the first occurrence of an id wins) and compared \
            field by field on the canonical user. Prints one entry per difference: added and \
            changed users in NEW's order, then removed users in OLD's order, and a count line \
            (the table's last line; on standard error with ndjson and json).

            Examples:
              userlist diff yesterday.ndjson today.ndjson
              userlist diff --old a.ndjson --old b.ndjson --new today.json -f ndjson
              curl -s https://api.example.com/users | userlist diff --old yesterday.json -
              userlist diff old.json new.json --fields email,address.city
              userlist diff old.ndjson.gz new.ndjson.gz --where '.company.name == "Acme"' -f csv

            Exit codes: 0 no differences, 1 differences found (as diff(1)), 64 usage, 65 bad data, \
            66 input not found, 73 --output can't be created, 74 output error.
            """
    )

    @Argument(help: ArgumentHelp("OLD then NEW, when --old and --new don't name them; '-' reads standard input.", valueName: "input"), completion: .file())
    var inputs: [String] = []

    @Option(help: ArgumentHelp("An input of the old side (repeatable: read in order, as one list).", valueName: "file"), completion: .file())
    var old: [String] = []

    @Option(help: ArgumentHelp("An input of the new side (repeatable).", valueName: "file"), completion: .file())
    var new: [String] = []

    @Option(help: ArgumentHelp("Compare only these canonical fields: name, username, email, phone, website, bio, avatarURL, address.city, company.name, … (comma-separated; address, address.geo and company mean all of theirs).", valueName: "list"), completion: .list(ComparedFields.knownNames))
    var fields: String?

    @Option(name: [.short, .long], help: ArgumentHelp("Output format: ndjson, json, table, csv or tsv (default: table on a terminal, ndjson otherwise); csv and tsv are a row per field that differs: change,id,field,old,new.", valueName: "format"), completion: .list(DiffFormat.allCases.map(\.rawValue)))
    var format: String?

    @Option(name: .customLong("where"), parsing: .unconditional, help: ArgumentHelp("Compare only the users of either side for which the jq expression's first output is true, as the list's --where.", valueName: "jq"))
    var whereExpression: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Compare only the users whose name, email or username contains TEXT (ignoring case and accents), as the list's --search.", valueName: "text"))
    var search: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Reshape each input document of both sides with a jq expression before decoding, as the list's --jq.", valueName: "jq"))
    var jq: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop the diff (exit 65) when --where or --jq runs longer than this on one input, as the list's --jq-timeout; inf sets none.", valueName: "seconds"))
    var jqTimeout: Double?

    @Flag(help: "Keep the records an API marks as bots, groups, apps, service or system accounts, organizations on both sides (left out by default, as in the list).")
    var includeNonPeople = false

    @Option(help: ArgumentHelp("Resolve both sides' relative avatar URLs against this absolute http(s) URL, as the list's --base-url.", valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp("Write every record of either side that did not become a user to FILE as NDJSON, as the list's --rejects ('-': standard output, or standard error when it carries the entries).", valueName: "file"), completion: .file())
    var rejects: String?

    @Option(help: ArgumentHelp("Write each side's counts and the diff's as one JSON object to FILE ('-': standard output when -o takes the entries, else standard error).", valueName: "file"), completion: .file())
    var summary: String?

    @Flag(help: "Exit 1 when there are differences (the default, as diff(1); accepted for git diff's habit).")
    var exitCode = false

    @Option(help: ArgumentHelp("Where the users are in each document of both sides, as a jq-style path (.data.items).", valueName: "path"))
    var usersAt: String?

    @Flag(help: "Treat a record that can't become a user as an error (exit 65) instead of skipping it with a warning.")
    var strict = false

    @Flag(help: "Skip a record (an NDJSON line) that isn't JSON on either side, with a warning naming its place, instead of stopping with exit 65; read exactly as the list command reads it.")
    var skipBadJSON = false

    @Flag(help: "Don't fit the table to the terminal's width: every value whole (long lines wrap).")
    var noTruncate = false

    @Flag(help: "Don't page a table longer than the terminal through $PAGER (less -FRX by default).")
    var noPager = false

    @Flag(name: .shortAndLong, help: "No warnings on standard error, nor the count line with ndjson and json; errors still print.")
    var quiet = false

    @Option(help: ArgumentHelp("Colour: auto (on a terminal, unless NO_COLOR is set or CLICOLOR=0; CLICOLOR_FORCE forces it), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads that parse the input (default: one per core, up to 16).", valueName: "n"))
    var threads: Int?

    @Option(name: [.short, .long], help: ArgumentHelp("Write to FILE, replacing it only when the run succeeds ('-': standard output).", valueName: "file"), completion: .file())
    var output: String?

    /// The two sides: `--old`/`--new`, and the positional inputs for the side(s) they leave out.
    func sides() throws -> (old: [String], new: [String]) {
        switch (old.isEmpty, new.isEmpty) {
        case (true, true):
            guard inputs.count == 2 else {
                throw ValidationError("expected two inputs, OLD and NEW (or --old and --new), got \(inputs.count)")
            }
            return ([inputs[0]], [inputs[1]])
        case (false, true), (true, false):
            guard inputs.count == 1 else {
                throw ValidationError("expected one input for the \(old.isEmpty ? "old" : "new") side beside --\(old.isEmpty ? "new" : "old"), got \(inputs.count)")
            }
            return old.isEmpty ? (inputs, new) : (old, inputs)
        case (false, false):
            guard inputs.isEmpty else {
                throw ValidationError("unexpected input '\(inputs[0])': --old and --new already name both sides")
            }
            return (old, new)
        }
    }

    func validate() throws {
        let (old, new) = try sides()
        if old.contains("-") && new.contains("-") {
            throw ValidationError("standard input ('-') can be only one side of a diff")
        }
        if let baseURL, BaseURL(baseURL) == nil {
            throw ValidationError("--base-url: '\(baseURL)' is not an absolute http or https URL (https://forum.example.org)")
        }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, got \(threads)") }
        if let jqTimeout, !(jqTimeout > 0) { throw ValidationError("--jq-timeout must be more than 0 seconds, got \(jqTimeout)") }
        if let format, DiffFormat(rawValue: format) == nil {
            throw ValidationError("--format: unknown format '\(format)'\(ClosestName.hint(for: format, in: DiffFormat.allCases.map(\.rawValue))) (expected \(DiffFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let usersAt {
            do { _ = try UsersAtPath(parsing: usersAt) } catch { throw ValidationError(error.message) }
        }
        if let fields {
            do { _ = try ComparedFields(parsing: fields) } catch { throw ValidationError(error.message) }
        }
        if (old + new).contains("-"), TerminalFacts.isTerminal(FileReading.standardInput) {
            throw ValidationError("'-' reads standard input, which is a terminal: pipe an export into it (see 'userlist diff --help')")
        }
    }

    func run() throws {
        try run(variables: JQVariables())
    }

    /// Runs with the `--arg`/`--argjson` variables that `JQArguments` took out of the command line.
    func run(variables: JQVariables) throws {
        let (old, new) = try sides()
        let stdoutIsTerminal = (output == nil || output == "-") && TerminalFacts.isTerminal(FileWriting.standardOutput)
        let format = format.flatMap(DiffFormat.init(rawValue:)) ?? (stdoutIsTerminal ? .table : .ndjson)
        var run = UserListDiffRun(
            old: old.map(InputSource.init(argument:)),
            new: new.map(InputSource.init(argument:)),
            fields: try fields.map { list throws(UserlistError) in try ComparedFields(parsing: list) } ?? .all,
            format: format,
            strict: strict,
            maxTableWidth: stdoutIsTerminal && !noTruncate ? Terminal.columns() : nil,
            usersAt: try usersAt.map { path throws(UserlistError) in try UsersAtPath(parsing: path) },
            threads: threads,
            skipBadJSON: skipBadJSON)
        run.whereExpression = whereExpression
        run.search = search
        run.preTransform = jq
        run.jqTimeout = jqTimeout
        run.variables = variables
        run.includeNonPeople = includeNonPeople
        run.baseURL = baseURL.flatMap(BaseURL.init)
        run.rejectsPath = rejects
        run.summary = summary.map(OutputDestination.init(argument:))
        run.standardError = { StandardError.write($0) }
        if stdoutIsTerminal, format == .table, !noPager { run.beforeFirstOutput = Terminal.pagingHook() }
        let colour = Terminal.colour(color, stdoutIsTerminal: stdoutIsTerminal)
        if colour || stdoutIsTerminal {
            run.highlighter = JSONHighlighter(indent: stdoutIsTerminal ? .spaces(2) : .none, palette: colour ? Terminal.jsonPalette(warn: !quiet) : nil)
        }
        let counts: DiffCounts
        do {
            counts = try run.run(to: output.map(OutputDestination.init(argument:)) ?? .standardOutput, warnings: StandardErrorReporter(quiet: quiet))
        } catch {
            throw error.reported()
        }
        if !format.printsCounts, !quiet { StandardError.write(counts.summary + "\n") }
        // diff(1)'s convention: a script asks `if userlist diff …` whether anything changed.
        if !counts.isEmpty { throw ExitCode(1) }
    }
}
