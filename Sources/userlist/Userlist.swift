#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import UserListKit
import UserListPlatform

/// The `userlist` command: parses options, then hands over to ``UserListRun``.
@main
struct Userlist: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "userlist",
        abstract: "Turn user-list API payloads into display-ready list rows.",
        discussion: """
            Reads JSON, NDJSON or a stream of JSON documents from files or standard input: \
            a user object, an array of users, or an envelope such as {"users": [...], "total": N}. \
            The user lists of reqres.in, dummyjson.com, randomuser.me, GitHub, SCIM 2.0, Microsoft \
            Graph and Slack are recognised as they come; other APIs go through a general mapping of \
            well-known field names (--explain shows what was used).

            Examples:
              curl -s https://jsonplaceholder.typicode.com/users | userlist --search an --sort name --page 1 --page-size 5
              userlist Samples/seed-users-response.json --format table
              userlist exports/*.ndjson --sort city --format csv > users.csv
              userlist users.json --where '.company.name == $company' --arg company Deckow-Crist
              curl -s https://api.example.com/v2/directory | userlist --jq '.data.members[] | select(.active)'
              userlist users.json --sort name --jq-out '.items | map(.title)'
              curl -s 'https://randomuser.me/api/?results=50' | userlist --explain

            Exit codes: 0 ok (also when nothing matched), 64 usage, 65 bad data, 66 input not found, 73 --output can't be created, 74 output error.
            """,
        version: "0.1.0"
    )

    @Argument(help: ArgumentHelp("JSON or NDJSON files; none or '-' reads standard input.", valueName: "input"))
    var inputs: [String] = []

    @Option(help: ArgumentHelp("Keep users whose name, email or username contains TEXT (ignoring case and accents).", valueName: "text"))
    var search: String?

    @Option(name: .customLong("where"), help: ArgumentHelp("Keep users for which the jq expression's first output is true (on the canonical user JSON).", valueName: "jq"))
    var whereExpression: String?

    @Option(name: .customLong("jq"), help: ArgumentHelp("Reshape each input document with a jq expression before decoding; every output is decoded as a document.", valueName: "jq"))
    var preTransform: String?

    @Option(name: .customLong("jq-out"), help: ArgumentHelp("Transform the output (the json envelope, or each cell with --format ndjson) and print each result as compact JSON.", valueName: "jq"))
    var outputTransform: String?

    // Parsed by JQArguments before ArgumentParser sees the command line; declared for --help.
    @Option(name: .customLong("arg"), help: ArgumentHelp("Bind $name to the string value in every jq expression (repeatable).", valueName: "name value"))
    var argHelp: [String] = []

    @Option(name: .customLong("argjson"), help: ArgumentHelp("Bind $name to the JSON value in every jq expression (repeatable).", valueName: "name json"))
    var argjsonHelp: [String] = []

    @Option(help: ArgumentHelp("Where the users are in each document, as a jq-style path (.data.items); replaces detection.", valueName: "path"))
    var usersAt: String?

    @Flag(help: "Print which API shape was recognised, where the users were, and which source field fed each canonical field (with the first user), instead of the list.")
    var explain = false

    @Option(help: ArgumentHelp("Sort by id, name, email, username, city or company; add :desc to reverse.", valueName: "key[:asc|:desc]"))
    var sort: String?

    @Option(help: ArgumentHelp("Show page N (1-based) of the result.", valueName: "n"))
    var page: Int?

    @Option(help: ArgumentHelp("Users per page (alone, it implies --page 1).", valueName: "n"))
    var pageSize: Int?

    @Option(name: [.short, .long], help: ArgumentHelp("Output format: json, ndjson, table, csv or tsv (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("The columns of csv, tsv, table and ndjson (and the json items), in order: cell keys (id, title, subtitle, caption, avatarURL, initials) and the user's fields (name, email, phone, address.city, company.name, …).", valueName: "list"))
    var fields: String?

    @Flag(help: "Leave out the header row of csv, tsv and table.")
    var noHeader = false

    @Flag(help: "Treat a record that can't become a user as an error (exit 65) instead of skipping it with a warning.")
    var strict = false

    @Option(help: ArgumentHelp("Threads that parse and filter the input (default: one per core, up to 16).", valueName: "n"))
    var threads: Int?

    @Option(name: [.short, .long], help: ArgumentHelp("Write to FILE, replacing it only when the run succeeds ('-': standard output).", valueName: "file"))
    var output: String?

    @Flag(help: "Skip a document (an NDJSON line) that isn't JSON, report it with its place, and read on at the next line, instead of stopping with exit 65.")
    var skipBadJSON = false

    @Option(help: ArgumentHelp("Write every record that did not become a user (and every user --where failed on) to FILE as NDJSON, with its place, reason and text.", valueName: "file"))
    var rejects: String?

    @Option(help: ArgumentHelp("Fail the run (exit 65, --output left as it was) when more than N records are rejected.", valueName: "n"))
    var maxRejects: Int?

    @Option(help: ArgumentHelp("Write the run's counts as one JSON object to FILE ('-': standard error).", valueName: "file"))
    var summary: String?

    @Flag(help: "Don't show progress on a terminal's standard error during long runs.")
    var noProgress = false

    func validate() throws {
        if let page, page < 1 { throw ValidationError("--page must be 1 or more, got \(page)") }
        if let pageSize, pageSize < 1 { throw ValidationError("--page-size must be 1 or more, got \(pageSize)") }
        if let maxRejects, maxRejects < 0 { throw ValidationError("--max-rejects must be 0 or more, got \(maxRejects)") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, got \(threads)") }
        if let sort, UserSortOrder(argument: sort) == nil {
            throw ValidationError("--sort: unknown key '\(sort)' (expected one of \(SortKey.allCases.map(\.rawValue).joined(separator: ", ")), optionally followed by :asc or :desc)")
        }
        if let usersAt {
            do { _ = try UsersAtPath(parsing: usersAt) } catch { throw ValidationError(error.message) }
        }
        if let format, OutputFormat(rawValue: format) == nil {
            throw ValidationError("--format: unknown format '\(format)' (expected json, ndjson, table, csv or tsv)")
        }
        if let fields {
            do { _ = try OutputColumns(parsing: fields) } catch { throw ValidationError(error.message) }
        }
        if inputs.isEmpty, isatty(STDIN_FILENO) != 0 {
            throw ValidationError("no input: name a file, or pipe JSON into standard input (see 'userlist --help')")
        }
    }

    func run() throws {
        try run(variables: JQVariables())
    }

    /// Runs with the `--arg`/`--argjson` variables that `JQArguments` took out of the command line.
    func run(variables: JQVariables) throws {
        let stdoutIsTerminal = (output == nil || output == "-") && isatty(STDOUT_FILENO) != 0
        var run = UserListRun(
            inputs: inputs.map(InputSource.init(argument:)),
            query: UserListQuery(
                search: search,
                sort: sort.flatMap(UserSortOrder.init(argument:)),
                page: page ?? (pageSize == nil ? nil : 1),
                pageSize: pageSize ?? UserListQuery.defaultPageSize),
            format: format.flatMap(OutputFormat.init(rawValue:)) ?? (stdoutIsTerminal && outputTransform == nil ? .table : .json),
            strict: strict,
            maxTableWidth: stdoutIsTerminal ? Terminal.columns() : nil,
            whereExpression: whereExpression,
            preTransform: preTransform,
            outputTransform: outputTransform,
            variables: variables,
            usersAt: try usersAt.map { path throws(UserlistError) in try UsersAtPath(parsing: path) },
            explain: explain,
            threads: threads)
        run.columns = try fields.map { list throws(UserlistError) in try OutputColumns(parsing: list) } ?? .cells
        run.header = !noHeader
        run.skipBadJSON = skipBadJSON
        run.rejectsPath = rejects
        run.maxRejects = maxRejects
        let showProgress = !noProgress && isatty(STDERR_FILENO) != 0
        let reporting = RunReporting(summary: summary.map(OutputDestination.init(argument:)), showProgress: showProgress) { StandardError.write($0) }
        do {
            try run.run(to: output.map(OutputDestination.init(argument:)) ?? .standardOutput, warnings: StandardErrorReporter(erasingLine: showProgress), reporting: reporting)
        } catch {
            StandardError.write("userlist: \(error.message)\n")
            throw ExitCode(error.exitCode)
        }
    }

    /// One line per error, as the contract asks, instead of ArgumentParser's usage block.
    static func main() {
        ProcessSignals.prepare()
        do {
            let jqArguments = try JQArguments(extractingFrom: Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot(jqArguments.remaining)
            if let userlist = command as? Userlist {
                try userlist.run(variables: jqArguments.variables)
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Self.exit(withError: exit)
        } catch let missing as JQArguments.MissingValue {
            StandardError.write("userlist: \(missing.option) takes two values: a name and a value (see 'userlist --help')\n")
            Glibc.exit(64)
        } catch let error as UserlistError {
            StandardError.write("userlist: \(error.message)\n")
            Glibc.exit(error.exitCode)
        } catch {
            if exitCode(for: error) == .success { Self.exit(withError: error) }
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let hint = message.contains("--help") ? "" : " (see 'userlist --help')"
            StandardError.write("userlist: \(lowercasingFirst(message))\(hint)\n")
            Glibc.exit(exitCode(for: error).rawValue)
        }
    }

    private static func lowercasingFirst(_ s: String) -> String {
        guard let first = s.first, first.isUppercase, s.dropFirst().first?.isLowercase ?? true else { return s }
        return first.lowercased() + s.dropFirst()
    }
}
