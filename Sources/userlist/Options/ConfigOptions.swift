import ArgumentParser

/// Where the defaults come from: a config file and a profile in it (read before parsing, by
/// ``OptionDefaults``; declared here so that `--help`, the man page and completions show them).
struct ConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read defaults from this TOML file instead of $XDG_CONFIG_HOME/userlist/config.toml (or ~/.config/userlist/config.toml). Precedence: command line > USERLIST_* variables > profile > file.", valueName: "file"), completion: .file(extensions: ["toml"]))
    var config: String?

    @Option(help: ArgumentHelp("Use the [profile.NAME] table of the config file (also USERLIST_PROFILE).", valueName: "name"))
    var profile: String?
}
