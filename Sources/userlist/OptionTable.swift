/// The options that take a value, per command, as the declarations give them (a test holds this
/// table to `--experimental-dump-help`, which is too slow to read on every run): what the
/// command line is scanned with before ArgumentParser parses it — to keep an option's value from
/// being taken for an input (``JQArguments``), and to refuse a single-valued option given twice,
/// which ArgumentParser would let the last one win silently (`--sort name --sort id`).
enum OptionTable {
    /// The list's (and every stage's) single-valued options, each as its spellings.
    static let listSingle: [[String]] = listBeforeJQ + listJQ
    private static let listBeforeJQ: [[String]] = [
        ["--users-at"], ["--base-url"], ["--threads"], ["--search"], ["--where"], ["--sort"], ["--collate"], ["--search-locale"], ["--page"], ["--page-size"], ["--limit"], ["--count-by"],
        ["-f", "--format"], ["--fields"], ["-o", "--output"], ["--split-pages"], ["--color"], ["--rejects"], ["--max-rejects"], ["--summary"],
    ]
    private static let listJQ: [[String]] = [["--jq"], ["--jq-out"], ["--jq-timeout"], ["--indent"]]
    /// The list's own, not the stages': guard rails, and where defaults come from.
    private static let listGuards: [[String]] = [["--min-users"], ["--max-users"], ["--max-drop"], ["--baseline"]]
    private static let listDefaults: [[String]] = [["--config"], ["--profile"]]

    /// Single-valued options by command path (`list`, `diff`, `stage merge`).
    static let single: [String: [[String]]] = [
        "list": listBeforeJQ + listGuards + listJQ + listDefaults,
        "diff": [["--fields"], ["-f", "--format"], ["--where"], ["--search"], ["--jq"], ["--jq-timeout"], ["--base-url"], ["--rejects"], ["--summary"], ["--users-at"], ["--color"], ["--threads"], ["-o", "--output"]],
        "stage map": listSingle + [["--split"], ["--range"], ["--buckets"]], "stage partial": listSingle, "stage plan": listSingle,
        "stage merge": listSingle + [["--lines"], ["--started"], ["--part"], ["--runs"], ["--reject-lines"]],
        "fields": [["-f", "--format"]],
        "schema": [["--fields"]],
    ]

    /// Repeatable options that take a value (`--arg` and its kin take two; JQArguments reads them).
    static let repeating: [String: [[String]]] = [
        "list": [["--arg"], ["--argjson"], ["--rawfile"], ["--slurpfile"]],
        "diff": [["--old"], ["--new"]],
        "stage map": stageRepeating, "stage partial": stageRepeating, "stage plan": stageRepeating, "stage merge": stageRepeating,
    ]
    private static let stageRepeating: [[String]] = [["--input"], ["--arg"], ["--argjson"], ["--rawfile"], ["--slurpfile"]]

    /// Every spelling that takes a value, in any command.
    static let valueTaking: Set<String> = Set(single.values.flatMap { $0.flatMap { $0 } } + repeating.values.flatMap { $0.flatMap { $0 } })

    /// The command path `arguments` are for, and where its own arguments start.
    static func command(of arguments: [String]) -> (path: String, start: Int) {
        switch arguments.first {
        case "list": return ("list", 1)
        case "diff": return ("diff", 1)
        case "fields": return ("fields", 1)
        case "schema": return ("schema", 1)
        case "stage":
            guard arguments.count > 1, ["map", "partial", "merge", "plan"].contains(arguments[1]) else { return ("stage", 1) }
            return ("stage \(arguments[1])", 2)
        default: return ("list", 0)
        }
    }

    /// The first single-valued option given twice (by any of its spellings), with its two values.
    static func repeated(in arguments: [String]) -> (option: String, first: String, second: String)? {
        let (path, start) = command(of: arguments)
        guard let single = single[path] else { return nil }
        var seen: [Int: String] = [:]
        var index = start
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            let (name, attached) = argument.hasPrefix("--") ? split(argument) : (argument, nil)
            guard valueTaking.contains(name) else {
                index += 1
                continue
            }
            let value = attached ?? (index + 1 < arguments.count ? arguments[index + 1] : "")
            index += attached == nil ? 2 : 1
            guard let group = single.firstIndex(where: { $0.contains(name) }) else { continue }
            if let first = seen[group] { return (name, first, value) }
            seen[group] = value
        }
        return nil
    }

    /// `--sort=name` → (`--sort`, `name`).
    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
