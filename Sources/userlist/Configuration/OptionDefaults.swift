import Foundation
import UserListKit

/// Options that don't come from the command line: `USERLIST_*` environment variables, a
/// `[profile.NAME]` of the config file (`--profile NAME`), and the config file's top level.
/// Precedence: flag > env > profile > file > default. They are added to the command line as the
/// options they stand for (`--format=csv`), before ArgumentParser parses it, so every check an
/// option has on the command line it has from a file too.
///
/// The names are the list's long options, read from the same declarations as `--help`
/// (``CommandDescription``): a key is an option's name without `--` (`skip-bad-json = true`),
/// a variable is it in capitals with `_` (`USERLIST_SKIP_BAD_JSON=1`). Reading the declarations
/// costs a few milliseconds, paid only when a config file or a `USERLIST_*` variable is there.
struct OptionDefaults {
    /// Where a value came from, strongest first.
    enum Source {
        case commandLine
        case environment(String)
        case profile(String, path: String, line: Int)
        case file(path: String, line: Int)

        var description: String {
            switch self {
            case .commandLine: "command line"
            case .environment(let name): name
            case .profile(let name, let path, let line): "profile \(name) (\(path):\(line))"
            case .file(let path, let line): "config file (\(path):\(line))"
            }
        }
    }

    /// One option's value from one source: `nil` value for a flag that is on.
    struct Setting {
        var value: String?
        var source: Source
        /// A flag turned off (`= false`, `=0`): it overrides a weaker source's `true`, and adds nothing.
        var off = false
    }

    /// The command line with the options from elsewhere added.
    var arguments: [String]
    /// For `--explain`: each option set anywhere, the source that won and those it overrode.
    var explanation: String?
    /// Where each option added from elsewhere came from (`limit`: a file's line, a variable), so
    /// that a value its check refuses is named there, not as a command-line option's.
    var origins: [String: Source] = [:]

    /// Options a config file can't set: they ask for something other than a list run, or name the
    /// file; `args` and `jsonargs` turn the command line's inputs into `$ARGS`, so a file or a
    /// variable setting them would leave every input unread (a nightly job reading standard input).
    static let excluded: Set<String> = ["help", "version", "config", "profile", "explain", "next", "output", "split-pages", "args", "jsonargs"]

    static func apply(to arguments: [String], environment: [String: String]) throws(UserlistError) -> OptionDefaults {
        let (path, start) = OptionTable.command(of: arguments)
        guard path == "list" else { return OptionDefaults(arguments: arguments) }
        let own = Array(arguments[start...].prefix { $0 != "--" })
        let configArgument = Self.value(of: "--config", in: own)
        let profileName = Self.value(of: "--profile", in: own) ?? environment["USERLIST_PROFILE"].flatMap { $0.isEmpty ? nil : $0 }
        let variables = environment.keys.filter { $0.hasPrefix("USERLIST_") && !Self.internalVariables.contains($0) }
        let filePath = configArgument ?? environment["USERLIST_CONFIG"].flatMap { $0.isEmpty ? nil : $0 } ?? ConfigFile.defaultPath(environment: environment)
        let file = try filePath.flatMap { path throws(UserlistError) in try ConfigFile(path: path, required: configArgument != nil || environment["USERLIST_CONFIG"] != nil) }
        // Nothing to apply: the declarations aren't read, and the run starts as it always has.
        if file == nil, profileName == nil, variables.isEmpty { return OptionDefaults(arguments: arguments) }

        guard let list = CommandDescription.userlist.subcommand(named: "list") else { return OptionDefaults(arguments: arguments) }
        var options: [String: ArgumentDescription] = [:]
        for option in list.options where option.valueWords <= 1 && !(option.isRepeating ?? false) {
            guard let long = option.spellings.first(where: { $0.hasPrefix("--") }) else { continue }
            let key = String(long.dropFirst(2))
            if !excluded.contains(key) { options[key] = option }
        }
        let keys = options.keys.sorted()

        var settings: [String: [Setting]] = [:]
        // The command line: an option given there wins.
        for (key, option) in options {
            for spelling in option.spellings where own.contains(where: { $0 == spelling || spelling.hasPrefix("--") && $0.hasPrefix(spelling + "=") }) {
                settings[key] = [Setting(value: option.kind == .flag ? nil : Self.value(of: spelling, in: own), source: .commandLine)]
            }
        }
        // USERLIST_FORMAT, USERLIST_SKIP_BAD_JSON, …
        let variableKeys = Dictionary(uniqueKeysWithValues: keys.map { ("USERLIST_" + $0.uppercased().replacingOccurrences(of: "-", with: "_"), $0) })
        for variable in variables.sorted() {
            let name = String(variable.dropFirst("USERLIST_".count)).lowercased().replacingOccurrences(of: "_", with: "-")
            // A variable naming one of them would be taken for set and do nothing (USERLIST_ARGS
            // would leave every input unread); USERLIST_VERSION and USERLIST_HELP are left to
            // wrappers, as other names are.
            if excluded.subtracting(["help", "version"]).contains(name), !internalVariables.contains(variable) {
                throw UserlistError(.config, Diagnostic(.configuration, input: variable, "can't be set in the environment (give --\(name) on the command line)"))
            }
            guard let key = variableKeys[variable], let option = options[key] else {
                // An unknown variable is most likely a typo of a known one; others (a wrapper's own) are left alone.
                // Only a near miss (one or two edits, in a name of six letters or more two): USERLIST_TOKEN
                // is no typo of USERLIST_COLOR.
                let typed = Array(variable.dropFirst("USERLIST_".count))
                let allowed = typed.count >= 6 ? 2 : 1
                if let near = variableKeys.keys.sorted().min(by: { ClosestName.editDistance(typed, Array($0.dropFirst(9))) < ClosestName.editDistance(typed, Array($1.dropFirst(9))) }),
                   ClosestName.editDistance(typed, Array(near.dropFirst(9))) <= allowed {
                    throw UserlistError(.config, Diagnostic(.configuration, input: variable, "not an option of userlist (did you mean \(near)?)"))
                }
                continue
            }
            if let setting = try Self.setting(environment[variable] ?? "", of: option, key: key, variable: variable) {
                settings[key, default: []].append(setting)
            }
        }
        // The profile, then the file's top level.
        if let profileName {
            guard let file else {
                throw UserlistError(.config, Diagnostic(.configuration, option: "--profile \(profileName)", "no config file (\(filePath ?? "~/.config/userlist/config.toml") is not there; --config FILE names one)"))
            }
            guard let entries = file.profiles[profileName] else {
                let known = file.profiles.keys.sorted()
                let hint = ClosestName.hint(for: profileName, in: known)
                throw ConfigFile.error(file.path, nil, "no [profile.\(profileName)]\(hint)\(hint.isEmpty ? (known.isEmpty ? " (it has no profiles)" : " (it has \(known.map { "'\($0)'" }.joined(separator: ", ")))") : "")")
            }
            for entry in entries {
                let setting = try Self.setting(entry, in: file, options: options, keys: keys, table: "profile.\(profileName)", source: .profile(profileName, path: file.path, line: entry.line))
                if let setting { settings[entry.key, default: []].append(setting) }
            }
        }
        // Values no option of this run takes (another profile's, one a stronger source overrides):
        // checked here as the option's own check would, so a typo is found today.
        var unused: [(key: String, setting: Setting)] = []
        if let file {
            // Every profile is checked, not only the one asked for: a typo in another is found today, not on the night it is used.
            for (name, entries) in file.profiles where name != profileName {
                for entry in entries {
                    if let setting = try Self.setting(entry, in: file, options: options, keys: keys, table: "profile.\(name)", source: .profile(name, path: file.path, line: entry.line)) {
                        unused.append((entry.key, setting))
                    }
                }
            }
            for entry in file.entries {
                if let setting = try Self.setting(entry, in: file, options: options, keys: keys, table: nil, source: .file(path: file.path, line: entry.line)) {
                    settings[entry.key, default: []].append(setting)
                }
            }
        }

        for (key, overridden) in settings { unused += overridden.dropFirst().map { (key, $0) } }
        try Self.checkUnused(unused)

        var added: [String] = []
        var lines: [String] = []
        var origins: [String: Source] = [:]
        for key in settings.keys.sorted() {
            guard let winner = settings[key]?.first else { continue }
            if case .commandLine = winner.source {} else if !winner.off {
                added.append(winner.value.map { "--\(key)=\($0)" } ?? "--\(key)")
                origins[key] = winner.source
            }
            let shown = "--\(key)" + (winner.value.map { " \(Self.shellQuoted($0))" } ?? (winner.off ? " off" : ""))
            var line = "  " + shown.padding(toLength: max(shown.count, 26), withPad: " ", startingAt: 0) + "  " + winner.source.description
            let overridden = settings[key]!.dropFirst().map { "\($0.source.description)\($0.value.map { ": \(Self.shellQuoted($0))" } ?? ($0.off ? ": off" : ""))" }
            if !overridden.isEmpty { line += "; over " + overridden.joined(separator: ", ") }
            lines.append(line)
        }
        var result = arguments
        result.insert(contentsOf: added, at: start)
        let explanation = lines.isEmpty ? nil : (["options (command line > USERLIST_* > profile > config file > default):"] + lines).joined(separator: "\n") + "\n"
        return OptionDefaults(arguments: result, explanation: explanation, origins: origins)
    }

    /// Each value the run won't use, checked alone as the list checks its option (`limit = -3`,
    /// `fields = "id,nmae"`, a `where` that doesn't compile): exit 78 naming its place. Only a
    /// message about the option itself counts — one that names another option is about their
    /// combination, which only the run that has both can judge.
    private static func checkUnused(_ unused: [(key: String, setting: Setting)]) throws(UserlistError) {
        for (key, setting) in unused {
            guard let value = setting.value else { continue }
            var message: String?
            if ["where", "jq", "jq-out"].contains(key) {
                message = JQExpressionCheck.problem(in: value).map { "--\(key): \($0)" }
            } else {
                do { _ = try ListCommand.parse(["--\(key)=\(value)", "config-check.json"]) } catch {
                    let text = ListCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
                    let others = text.components(separatedBy: "--").dropFirst().filter { !$0.hasPrefix(key) }
                    if text.contains("--\(key)"), others.isEmpty { message = text }
                }
            }
            guard let message else { continue }
            switch setting.source {
            case .profile(_, let path, let line), .file(let path, let line): throw ConfigFile.error(path, line, message)
            case .environment(let name): throw UserlistError(.config, Diagnostic(.configuration, input: name, message))
            case .commandLine: continue
            }
        }
    }

    /// Variables of userlist's own that are not options.
    static let internalVariables: Set<String> = ["USERLIST_PROFILE", "USERLIST_CONFIG", "USERLIST_CHILD_ASAN_OPTIONS"]

    /// A file's key: known, and of the option's type.
    private static func setting(_ entry: ConfigFile.Entry, in file: ConfigFile, options: [String: ArgumentDescription], keys: [String], table: String?, source: Source) throws(UserlistError) -> Setting? {
        let shownKey = table.map { "\($0).\(entry.key)" } ?? entry.key
        guard let option = options[entry.key] else {
            if case .other = entry.value, entry.key == "profile" {
                throw ConfigFile.error(file.path, entry.line, "profile: expected [profile.NAME] tables")
            }
            let reason = Self.excluded.contains(entry.key) ? "can't be set in a config file (give --\(entry.key) on the command line)" : "unknown key\(ClosestName.hint(for: entry.key, in: keys))"
            throw ConfigFile.error(file.path, entry.line, "\(shownKey): \(reason)")
        }
        let wanted = Self.wantedType(of: option)
        switch (entry.value, wanted) {
        case (.boolean(let on), "a boolean"): return Setting(value: nil, source: source, off: !on)
        case (.integer(let value), "an integer"), (.integer(let value), "a number"): return Setting(value: String(value), source: source)
        case (.number(let value), "a number"): return Setting(value: String(value), source: source)
        case (.string(let value), "a string"), (.string(let value), "a number"): return try Self.checked(value, of: option) { message throws(UserlistError) in throw ConfigFile.error(file.path, entry.line, "\(shownKey): \(message)") }.map { Setting(value: $0, source: source) }
        case (.string(let value), "an integer") where Int(value) != nil: return Setting(value: value, source: source)
        default: throw ConfigFile.error(file.path, entry.line, "\(shownKey): expected \(wanted), got \(entry.value.typeName)")
        }
    }

    /// An environment variable's value for `option`.
    private static func setting(_ text: String, of option: ArgumentDescription, key: String, variable: String) throws(UserlistError) -> Setting? {
        if option.kind == .flag {
            switch text.lowercased() {
            case "1", "true", "yes", "on": return Setting(value: nil, source: .environment(variable))
            case "", "0", "false", "no", "off": return Setting(value: nil, source: .environment(variable), off: true)
            default: throw UserlistError(.config, Diagnostic(.configuration, input: variable, "expected true or false (1 or 0), got '\(text)'"))
            }
        }
        guard !text.isEmpty else { return nil }
        if Self.wantedType(of: option) == "an integer", Int(text) == nil {
            throw UserlistError(.config, Diagnostic(.configuration, input: variable, "expected an integer, got '\(text)'"))
        }
        return try Self.checked(text, of: option) { message throws(UserlistError) in throw UserlistError(.config, Diagnostic(.configuration, input: variable, message)) }
            .map { Setting(value: $0, source: .environment(variable)) }
    }

    /// A value from a closed list (`--format`'s, `--color`'s) is one of them; others are the parser's to check.
    private static func checked(_ value: String, of option: ArgumentDescription, fail: (String) throws(UserlistError) -> Never) throws(UserlistError) -> String? {
        if case .list(let known)? = option.completionKind, !option.isCommaList, !value.contains(","), !value.contains(":"), !known.isEmpty, !known.contains(value) {
            let hint = ClosestName.hint(for: value, in: known)
            try fail("unknown value '\(value)'" + (hint.isEmpty ? " (expected \(known.joined(separator: ", ")))" : hint))
        }
        return value
    }

    /// What a key takes: flags are booleans; `n` an integer; `pct`, `seconds` a number; the rest text.
    private static func wantedType(of option: ArgumentDescription) -> String {
        if option.kind == .flag { return "a boolean" }
        switch option.valueName {
        case "n": return "an integer"
        case "pct", "seconds": return "a number"
        default: return "a string"
        }
    }

    /// `--name VALUE` or `--name=VALUE` in `arguments`.
    static func value(of name: String, in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == name { return index + 1 < arguments.count ? arguments[index + 1] : nil }
            if argument.hasPrefix(name + "=") { return String(argument.dropFirst(name.count + 1)) }
        }
        return nil
    }

    private static func shellQuoted(_ value: String) -> String {
        value.allSatisfy({ $0.isLetter || $0.isNumber || "-_.,:/%@+".contains($0) }) && !value.isEmpty ? value : "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
