import UserListKit

/// `--arg NAME VALUE` and `--argjson NAME JSON` take two values each, as in jq, which
/// ArgumentParser can't express: they are taken out of the command line before it parses the rest.
struct JQArguments {
    var variables = JQVariables()
    /// The command line without them.
    var remaining: [String] = []

    struct MissingValue: Error {
        var option: String
    }

    init(extractingFrom arguments: [String]) throws {
        var pending: [(option: String, name: String, value: String)] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                remaining += arguments[index...]
                break
            }
            if argument == "--arg" || argument == "--argjson" {
                guard index + 2 < arguments.count else { throw MissingValue(option: argument) }
                pending.append((argument, arguments[index + 1], arguments[index + 2]))
                index += 3
                continue
            }
            remaining.append(argument)
            index += 1
        }
        for (option, name, value) in pending {
            if option == "--arg" {
                variables.bind(name, string: value)
            } else {
                try variables.bind(name, json: value)
            }
        }
    }
}
