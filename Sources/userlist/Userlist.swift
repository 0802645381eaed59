import ArgumentParser
import UserListKit
import UserListPlatform
import Foundation

/// The `userlist` command: `list` (the default), `diff` and `stage` as ArgumentParser
/// subcommands, so `--help`, errors, the completion scripts and the man page all come from the
/// one tree of declarations. Errors are the contract's one line and exit code.
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
              curl -s https://jsonplaceholder.typicode.com/users | userlist --sort name
              userlist users.json --search an --sort name --page 2 --page-size 10
              userlist exports/*.ndjson.gz --sort city -f csv -o users.csv
              userlist export.ndjson --skip-bad-json --rejects bad.ndjson --summary -
              userlist users.json -f tsv --fields id,name,email,address.city
              userlist users.json --where '.company.name == $c' --arg c Deckow-Crist
              curl -s https://api.example.com/team | userlist --jq '.data.members[]'
              userlist users.json --sort name --jq-out '.items[].title' -r
              curl -s 'https://randomuser.me/api/?results=50' | userlist --explain
              userlist page.json --next                     (its next page: URL or cursor)
              userlist diff yesterday.ndjson today.ndjson   (see: userlist diff --help)
              userlist stage map|partial|merge …            (a stage of Spark: userlist stage --help)
              userlist fields                               (the fields --fields takes, with types)
              userlist schema row|list|summary|rejects|diff|diff-summary (a JSON Schema)

            Defaults: USERLIST_* variables, $XDG_CONFIG_HOME/userlist/config.toml and its [profile.NAME] tables (--config, --profile); --explain shows where each came from.

            Exit codes: 0 ok (also when nothing matched), 64 usage, 65 bad data or a failed guard rail, 66 input not found, 73 --output can't be created, 74 output error, 78 bad config.
            """,
        version: versionText,
        subcommands: [ListCommand.self, DiffCommand.self, StageCommand.self, FieldsCommand.self, SchemaCommand.self],
        defaultSubcommand: ListCommand.self
    )

    /// When this version was made: the man page's date, so that it is the same whenever generated.
    static let versionDate = "November 26, 2026"
    static let version = "0.1.0"

    /// `--version` and `-V`: userlist's version, then the libraries it runs with.
    static var versionText: String {
        let mimalloc = Int(mi_version())
        return (["userlist \(version)"] + LibraryVersions.lines + ["mimalloc \(mimalloc / 100).\(mimalloc / 10 % 10).\(mimalloc % 10)"]).joined(separator: "\n")
    }

    static func main() {
        StandardStreams.holdClosedOnes()
        ProcessSignals.prepare()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `userlist --help`, `-h` and `userlist help`: the list's help (the default subcommand's
        // options), with the subcommands, rather than a page that lists only the subcommands.
        if arguments == ["--version"] || arguments == ["-V"] {
            StandardError.printOrFail(versionText)
        }
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            StandardError.printOrFail(rootHelp())
        }
        // `userlist help nonsense` printed the list's help and exit 0: a help for what isn't there is a usage error.
        if arguments.first == "help", arguments.count > 1, let (unknown, known) = Self.unknownHelpTopic(Array(arguments.dropFirst())) {
            StandardError.report("help: no command '\(unknown)'\(ClosestName.hint(for: unknown, in: known)) (the commands: \(known.joined(separator: ", ")))")
            ProcessExit.now(64)
        }
        if let shell = CompletionScript.requestedShell(arguments) {
            guard let script = CompletionShell(rawValue: shell).flatMap(CompletionScript.script(for:)) else {
                StandardError.report(shell.isEmpty ? "--generate-completion-script: name the shell: bash, zsh or fish" : "--generate-completion-script: unknown shell '\(shell)' (expected bash, zsh or fish)")
                ProcessExit.now(64)
            }
            StandardError.printOrFail(script)
        }
        // The man page, from the same declarations (`userlist.1` in the repository is this).
        if arguments == ["--generate-manual"] {
            StandardError.printOrFail(ManualPage(tool: CommandDescription.userlist, date: versionDate, version: version).text)
        }
        let helpCommand = Self.helpCommand(for: arguments)
        do {
            // USERLIST_* variables, the config file and its profile: added as the options they stand for.
            let defaults = arguments.first == "---completion" ? OptionDefaults(arguments: arguments) : try OptionDefaults.apply(to: arguments, environment: ProcessInfo.processInfo.environment)
            let arguments = defaults.arguments
            ListCommand.optionSources = defaults.explanation
            optionOrigins = defaults.origins
            // `---completion` (the completion scripts asking for values) is ArgumentParser's own.
            let jqArguments = arguments.first == "---completion" ? nil : try JQArguments(extractingFrom: arguments)
            if let jqArguments, let (option, first, second) = OptionTable.repeated(in: jqArguments.remaining) {
                throw UserlistError(.usage, Diagnostic(.usage, option: option, "given twice ('\(first)', then '\(second)'); it takes one value (see '\(helpCommand)')"))
            }
            if let unknown = Self.unknownDiffOption(in: jqArguments?.remaining ?? arguments) {
                throw UserlistError(.usage, Diagnostic(.usage, "unknown option '\(unknown)' (see '\(helpCommand)')"))
            }
            var command = try parseAsRoot(jqArguments?.remaining ?? arguments)
            switch command {
            case let list as ListCommand:
                if let reader = jqArguments?.readsStandardInput, list.input.inputs.isEmpty || list.input.inputs.contains("-") {
                    throw UserlistError(.usage, Diagnostic(.usage, option: reader, "reads standard input, so the inputs can't: name them as files"))
                }
                try Self.refuseStandardInputTwice(list.input.inputs)
                try list.run(variables: jqArguments?.variables ?? JQVariables())
            case let diff as DiffCommand:
                if let reader = jqArguments?.readsStandardInput, (diff.inputs + diff.old + diff.new).contains("-") {
                    throw UserlistError(.usage, Diagnostic(.usage, option: reader, "reads standard input, so the inputs can't: name them as files"))
                }
                try Self.refuseStandardInputTwice(diff.inputs + diff.old + diff.new)
                try diff.run(variables: jqArguments?.variables ?? JQVariables())
            case let stage as any StageSubcommand:
                if let reader = jqArguments?.readsStandardInput {
                    throw UserlistError(.usage, Diagnostic(.usage, option: reader, "a stage reads its lines on standard input: name a file"))
                }
                try stage.run(variables: jqArguments?.variables ?? JQVariables())
            default:
                // `diff` has no jq variables: they were taken out of its command line, so refuse them here.
                if let option = jqArguments?.options.first, !(command is StageCommand) {
                    throw UserlistError(.usage, Diagnostic(.usage, "unknown option '\(option)' (see '\(helpCommand)')"))
                }
                try command.run()
            }
            ProcessExit.now(0)
        } catch let missing as JQArguments.MissingValue {
            let what = missing.option == "--rawfile" || missing.option == "--slurpfile" ? "a name and a file" : "a name and a value"
            StandardError.report("\(missing.option) takes two values: \(what) (see '\(helpCommand)')")
            ProcessExit.now(64)
        } catch {
            if let (origin, message) = Self.fromElsewhere(error) {
                StandardError.report("\(origin): \(message)")
                ProcessExit.now(78)
            }
            exit(for: error, helpCommand: helpCommand)
        }
    }

    /// Where the options added from a config file or a `USERLIST_*` variable came from.
    nonisolated(unsafe) static var optionOrigins: [String: OptionDefaults.Source] = [:]

    /// A usage error about an option whose value came from a config file or a variable
    /// (`limit = -3`, `USERLIST_FIELDS=id,nmae`): that place and the message, for exit 78 as a
    /// bad config is — the command line never held the value the message is about.
    static func fromElsewhere(_ error: any Error) -> (String, String)? {
        guard !optionOrigins.isEmpty else { return nil }
        let message: String
        switch error {
        case let error as UserlistError where error.kind == .usage: message = error.message
        case is UserlistError: return nil
        default:
            // ArgumentParser's own: a check of a value (validate()) is its usage failure, 64.
            guard exitCode(for: error).rawValue == 64 else { return nil }
            message = Self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        }
        // The messages about a value start with its option (`--limit must be …`, `--fields: …`).
        let option = message.prefix { $0 == "-" || $0.isLetter || $0.isNumber }
        guard option.hasPrefix("--"), let origin = optionOrigins[String(option.dropFirst(2))] else { return nil }
        let place = switch origin {
        case .commandLine: "the command line"
        case .environment(let name): name
        case .profile(_, let path, let line), .file(let path, let line): "\(path):\(line)"
        }
        return (place, message)
    }

    /// `-` names standard input, which can be read once: `userlist - -` read it as the first
    /// input and found the second empty, silently.
    static func refuseStandardInputTwice(_ inputs: [String]) throws(UserlistError) {
        guard inputs.count(where: { $0 == "-" }) > 1 else { return }
        throw UserlistError(.usage, Diagnostic(.usage, "standard input ('-') is named more than once as an input; it can be read once"))
    }

    /// `userlist diff`'s first option it doesn't have (`--page 2`, a list's): ArgumentParser took
    /// its value for a third input and the run said "expected two inputs, got 3" instead.
    static func unknownDiffOption(in arguments: [String]) -> String? {
        let (path, start) = OptionTable.command(of: arguments)
        guard path == "diff", let diff = CommandDescription.userlist.subcommand(named: "diff") else { return nil }
        var valueWords: [String: Int] = ["-h": 0, "--help": 0]
        for option in diff.options { for spelling in option.spellings { valueWords[spelling] = option.valueWords } }
        var index = start
        while index < arguments.count, arguments[index] != "--" {
            let word = arguments[index]
            let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
            if word.hasPrefix("-"), word != "-" {
                guard let words = valueWords[name] else { return name }
                index += word.contains("=") ? 1 : 1 + words
            } else {
                index += 1
            }
        }
        return nil
    }

    /// What a usage error's hint names: the help of the subcommand the command line is for.
    /// What `userlist help TOPIC` knows: the subcommands, and the stages under `stage`.
    static let helpTopics = ["list", "diff", "stage", "fields", "schema"]
    private static let stageTopics = ["map", "partial", "merge", "plan"]

    /// The first word of `help`'s topic that names no command (`help stage nonsense`: `nonsense`),
    /// with the commands it could have named.
    static func unknownHelpTopic(_ words: [String]) -> (String, [String])? {
        guard let first = words.first, !first.hasPrefix("-") else { return nil }
        guard helpTopics.contains(first) else { return (first, helpTopics) }
        if first == "stage", words.count > 1, !words[1].hasPrefix("-"), !stageTopics.contains(words[1]) { return (words[1], stageTopics) }
        return nil
    }

    static func helpCommand(for arguments: [String]) -> String {
        switch arguments.first {
        case "diff": "userlist diff --help"
        case "stage": "userlist stage --help"
        case "fields": "userlist fields --help"
        case "schema": "userlist schema --help"
        default: "userlist --help"
        }
    }

    /// The root's overview, the list's usage (which names the subcommands) and options, then the
    /// subcommands as ArgumentParser lists them for the root.
    static func rootHelp() -> String {
        let list = helpMessage(for: ListCommand.self)
        let root = helpMessage(for: Userlist.self)
        guard let overviewEnd = root.range(of: "USAGE:"), let subcommands = root.range(of: "SUBCOMMANDS:"),
              let usage = list.range(of: "USAGE:") else { return list }
        let overview = String(root[..<overviewEnd.lowerBound])
        let options = String(list[usage.lowerBound...]).trimmingTrailingNewlines()
        return overview + options + "\n\n" + String(root[subcommands.lowerBound...])
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

/// mimalloc's version (`MI_MALLOC_VERSION`, 209 for 2.0.9): the allocator the executable links.
@_silgen_name("mi_version")
private func mi_version() -> Int32
