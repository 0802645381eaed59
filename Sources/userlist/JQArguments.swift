import UserListKit
import UserListPlatform

/// jq's options that ArgumentParser can't express, taken out of the command line before it parses
/// the rest: `--arg NAME VALUE`, `--argjson NAME JSON`, `--rawfile NAME FILE`, `--slurpfile NAME
/// FILE` (two values each), and `--args` / `--jsonargs`, after which the remaining positional
/// arguments are `$ARGS.positional` (strings, or JSON), not inputs — as in jq.
struct JQArguments {
    var variables = JQVariables()
    /// The command line without them.
    var remaining: [String] = []
    /// The jq options found, in order (`--arg`, `--args`, …): a command without jq refuses them.
    var options: [String] = []
    /// `--rawfile NAME -` or `--slurpfile NAME -` read standard input: the option and name, so
    /// the command can refuse inputs that would read it too.
    var readsStandardInput: String?

    struct MissingValue: Error {
        var option: String
    }

    static let pairs: Set<String> = ["--arg", "--argjson", "--rawfile", "--slurpfile"]

    init(extractingFrom arguments: [String]) throws {
        var pending: [(option: String, name: String, value: String)] = []
        var positional: (json: Bool, values: [String])?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                // Everything after is positional: jq arguments after --args, else inputs.
                if positional != nil { positional!.values += arguments[(index + 1)...] } else { remaining += arguments[index...] }
                break
            }
            if Self.pairs.contains(argument) {
                guard index + 2 < arguments.count else { throw MissingValue(option: argument) }
                pending.append((argument, arguments[index + 1], arguments[index + 2]))
                options.append(argument)
                index += 3
                continue
            }
            if argument == "--args" || argument == "--jsonargs" {
                options.append(argument)
                positional = (argument == "--jsonargs", positional?.values ?? [])
                index += 1
                continue
            }
            if positional != nil, !argument.hasPrefix("-") || argument == "-" {
                positional!.values.append(argument)
            } else {
                remaining.append(argument)
                // An option's value is never a positional argument.
                if Self.takesValue(argument), index + 1 < arguments.count {
                    remaining.append(arguments[index + 1])
                    index += 1
                }
            }
            index += 1
        }
        for (option, name, value) in pending {
            if option == "--rawfile" || option == "--slurpfile", value == "-" {
                if let earlier = readsStandardInput {
                    throw UserlistError(.usage, Diagnostic(.usage, option: "\(option) \(name)", "standard input is read by \(earlier) already"))
                }
                if TerminalFacts.isTerminal(FileReading.standardInput) {
                    throw UserlistError(.usage, Diagnostic(.usage, option: "\(option) \(name)", "'-' reads standard input, which is a terminal: pipe the file into it"))
                }
                readsStandardInput = "\(option) \(name)"
            }
            switch option {
            case "--arg": variables.bind(name, string: value)
            case "--argjson": try variables.bind(name, json: value)
            default: try variables.bind(name, file: value, slurp: option == "--slurpfile")
            }
        }
        if let positional {
            for value in positional.values {
                if positional.json { try variables.append(positionalJSON: value) } else { variables.append(positional: value) }
            }
        }
    }

    /// Options whose next argument is their value (so it is not taken for a positional argument).
    static func takesValue(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), !argument.contains("=") else { return false }
        return OptionTable.valueTaking.contains(argument) && !pairs.contains(argument)
    }
}
