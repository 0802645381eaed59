import ArgumentParser
import Foundation

/// The command tree as ArgumentParser describes it (its `--experimental-dump-help` JSON, read in
/// this process): what `--help` prints from, and what the completion scripts, the man page and
/// the README's options table are generated from or checked against — one definition.
struct CommandDescription: Decodable {
    var commandName: String
    var abstract: String?
    var discussion: String?
    var defaultSubcommand: String?
    var subcommands: [CommandDescription]?
    var arguments: [ArgumentDescription]?
    var shouldDisplay: Bool?

    /// `userlist`'s tree: the root, whose subcommands are `list` (its default), `diff`, `stage`
    /// (with `map`, `partial`, `merge`, `plan`) and ArgumentParser's `help`.
    static let userlist: CommandDescription = {
        struct Tool: Decodable { var command: CommandDescription }
        let json: String
        do {
            _ = try Userlist.parseAsRoot(["--experimental-dump-help"])
            fatalError("--experimental-dump-help printed nothing")
        } catch {
            json = Userlist.fullMessage(for: error)
        }
        do {
            return try JSONDecoder().decode(Tool.self, from: Data(json.utf8)).command
        } catch {
            fatalError("ArgumentParser's description of the commands doesn't decode: \(error)")
        }
    }()

    /// The subcommands a person may name (not hidden ones).
    var visibleSubcommands: [CommandDescription] {
        (subcommands ?? []).filter { $0.shouldDisplay ?? true }
    }

    func subcommand(named name: String) -> CommandDescription? {
        subcommands?.first { $0.commandName == name }
    }

    /// The options and flags a person may give (with `-h`/`--help` and `--version`).
    var options: [ArgumentDescription] {
        (arguments ?? []).filter { $0.kind != .positional && ($0.shouldDisplay ?? true) }
    }

    var positionals: [ArgumentDescription] {
        (arguments ?? []).filter { $0.kind == .positional && ($0.shouldDisplay ?? true) }
    }

    /// Every command below this one, with its path of names from here (`["stage", "map"]`).
    func descendants(path: [String] = []) -> [(path: [String], command: CommandDescription)] {
        visibleSubcommands.flatMap { sub in [(path + [sub.commandName], sub)] + sub.descendants(path: path + [sub.commandName]) }
    }
}

struct ArgumentDescription: Decodable {
    enum Kind: String, Decodable { case positional, option, flag }

    struct Name: Decodable {
        var kind: String
        var name: String
        /// As typed: `--sort`, `-f`.
        var spelled: String { kind == "short" ? "-\(name)" : kind == "longWithSingleDash" ? "-\(name)" : "--\(name)" }
    }

    /// How a value is completed, as declared with `completion:` (ArgumentParser's kinds).
    enum Completion: Decodable {
        case file(extensions: [String])
        case directory
        case list([String])
        case other

        init(from decoder: any Decoder) throws {
            struct Values: Decodable { var values: [String]?; var extensions: [String]? }
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else { self = .other; return }
            switch key.stringValue {
            case "file": self = .file(extensions: (try? container.decode(Values.self, forKey: key).extensions) ?? [])
            case "directory": self = .directory
            case "list": self = .list((try? container.decode(Values.self, forKey: key).values) ?? [])
            default: self = .other
            }
        }
    }

    var kind: Kind
    var names: [Name]?
    var preferredName: Name?
    var valueName: String?
    var abstract: String?
    var discussion: String?
    var isOptional: Bool?
    var isRepeating: Bool?
    var shouldDisplay: Bool?
    var sectionTitle: String?
    var defaultValue: String?
    var completionKind: Completion?

    /// Every spelling (`-f`, `--format`).
    var spellings: [String] { (names ?? []).map(\.spelled) }

    /// The words an option's value takes: `--arg NAME VALUE` declares the value name
    /// `name value`, two words (JQArguments reads them); one for any other option; none for a flag.
    var valueWords: Int {
        guard kind == .option else { return 0 }
        return max(1, (valueName ?? "").split(separator: " ").count)
    }

    /// A comma-separated list of the completion's values (`--fields id,name`): declared with the
    /// value name `list`.
    var isCommaList: Bool { valueName == "list" }

    /// What its last value word completes to: the declared kind; and, for a value name whose
    /// last word is `file` (`--rawfile NAME FILE`), files.
    var valueCompletion: Completion? {
        if let completionKind { return completionKind }
        if valueWords > 1, valueName?.split(separator: " ").last == "file" { return .file(extensions: []) }
        return nil
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
