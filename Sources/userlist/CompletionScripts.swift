import ArgumentParser

/// `--generate-completion-script SHELL`, fixed up: ArgumentParser 1.8 offers an implicit `help`
/// subcommand at the first argument (which then fails as an input, exit 66) and, in zsh, declares
/// it as a second "rest" argument beside the inputs, which zsh rejects ("doubled rest argument
/// definition"). userlist has no `help` subcommand; it has `diff`, which the parser doesn't know.
enum CompletionScripts {
    /// The shell named by `arguments` when they ask for a completion script.
    static func requestedShell(_ arguments: [String]) -> CompletionShell? {
        guard let first = arguments.first else { return nil }
        if first.hasPrefix("--generate-completion-script=") {
            return CompletionShell(rawValue: String(first.dropFirst("--generate-completion-script=".count)))
        }
        guard first == "--generate-completion-script", arguments.count == 2 else { return nil }
        return CompletionShell(rawValue: arguments[1])
    }

    static func script(for shell: CompletionShell) -> String {
        var script = Userlist.completionScript(for: shell)
        switch shell {
        case .bash:
            script = script.replacingOccurrences(of: "compgen -W 'help'", with: "compgen -W 'diff'")
        case .zsh:
            script = script.replacingOccurrences(of: "        '(-): :->command'\n", with: "")
            script = script.replacingOccurrences(of: "        '(-)*:: :->arg'\n", with: "")
        case .fish:
            script = script.replacingOccurrences(of: "-fa 'help' -d 'Show subcommand help information.'", with: "-fa 'diff' -d 'Compare two user exports by id'")
        default:
            break
        }
        return script
    }
}
