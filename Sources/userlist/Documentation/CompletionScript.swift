import ArgumentParser

/// `userlist --generate-completion-script bash|zsh|fish`: completion scripts generated from the
/// commands' declarations (``CommandDescription``), as `--help` is.
///
/// ArgumentParser's own generator knows nothing of a default subcommand: its scripts offered
/// only `list diff stage help` where a person types `userlist users.json --sort <TAB>`, and zsh's
/// `_describe` took `city:desc` for the value `city` described as `desc`. These scripts share
/// one plan, for every shell:
///
/// - The first word is a subcommand (`list`, `diff`, `stage`, `help`) or the list's own: there,
///   both are offered — the subcommands, and the list's inputs (files) or options.
/// - `stage` takes `map`, `partial`, `merge` or `plan` next; `help` takes a subcommand's name.
/// - After an option, its value: the declared list (`--format`, `--sort`, `--color`), files
///   (`-o`, `--rejects`, the inputs), a comma-separated list for a value named `list`
///   (`--fields id,na<TAB>` → `id,name`), nothing for free text (`--search`); `--arg NAME VALUE`
///   takes two words (its value name has two), `--rawfile NAME FILE` completes the file.
/// - A value is offered as itself: `:` and `=` in it are never split or taken for a description.
enum CompletionScript {
    static func script(for shell: CompletionShell) -> String? {
        let tool = CommandDescription.userlist
        switch shell {
        case .bash: return BashCompletion(tool: tool).script
        case .zsh: return ZshCompletion(tool: tool).script
        case .fish: return FishCompletion(tool: tool).script
        default: return nil
        }
    }

    /// The shell named by `arguments` when they ask for a completion script
    /// (`--generate-completion-script SHELL`, or `=SHELL`); nil when they don't.
    static func requestedShell(_ arguments: [String]) -> String? {
        guard let first = arguments.first else { return nil }
        if first.hasPrefix("--generate-completion-script=") { return String(first.dropFirst("--generate-completion-script=".count)) }
        guard first == "--generate-completion-script" else { return nil }
        // Alone it names no shell: "" is refused with the three names, where ArgumentParser's
        // own stock script (which knows nothing of the default subcommand) used to come out.
        return arguments.count == 2 ? arguments[1] : arguments.count == 1 ? "" : nil
    }

    /// A command and its path of subcommand names, `[]` for the root, `["stage", "map"]`.
    struct Node {
        var path: [String]
        var command: CommandDescription
        /// The name scripts use for it: `list`, `stage_map`; the root's default stands for the root.
        var key: String { path.joined(separator: "_") }
    }

    /// The commands that take options and inputs (every leaf, and `stage` itself for `-h`).
    static func nodes(of tool: CommandDescription) -> [Node] {
        tool.descendants().map { Node(path: $0.path, command: $0.command) }
    }

    /// What follows a command's options: its subcommands' names, or its positional values.
    enum Positional {
        case subcommands([CommandDescription])
        case files
        case values([String])
        case nothing
    }

    static func positional(of node: Node, tool: CommandDescription) -> Positional {
        if node.path == ["help"] { return .values(tool.visibleSubcommands.map(\.commandName).filter { $0 != "help" }) }
        if !node.command.visibleSubcommands.isEmpty { return .subcommands(node.command.visibleSubcommands) }
        guard let positional = node.command.positionals.first else { return .nothing }
        switch positional.valueCompletion {
        case .file?, .directory?: return .files
        case .list(let values)?: return .values(values)
        default: return .nothing
        }
    }
}

extension String {
    /// In single quotes for sh, bash and zsh: `it's` → `'it'\''s'`.
    var shellQuoted: String { "'" + replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
}
