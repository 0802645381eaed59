import Foundation
import TOMLKit
import UserListKit

/// A config file (`$XDG_CONFIG_HOME/userlist/config.toml`, `~/.config/userlist/config.toml`, or
/// `--config FILE`), parsed by TOMLKit (toml++): its top-level keys, and its `[profile.NAME]`
/// tables, each key an option's long name (`format = "csv"`, `skip-bad-json = true`).
///
/// TOMLKit says where a syntax error is; for a key it gives no position, so ``line(ofKey:inTable:)``
/// finds the line a key is written on in the text (only to name it in a message — the parsing
/// is TOMLKit's).
struct ConfigFile {
    /// A value as the file gave it.
    enum Value {
        case string(String), integer(Int), number(Double), boolean(Bool), other(String)

        /// What the type is called in a message.
        var typeName: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .number: "a number"
            case .boolean: "a boolean"
            case .other(let name): name
            }
        }
    }

    struct Entry {
        var key: String
        var value: Value
        var line: Int
    }

    /// The path as it is named in messages (`~/.config/userlist/config.toml` as given).
    let path: String
    let text: String
    /// The top-level keys, in the file's order of lines.
    let entries: [Entry]
    /// `[profile.NAME]` tables.
    let profiles: [String: [Entry]]
    /// The line of each profile's table header.
    let profileLines: [String: Int]

    /// Reads and parses `path`: nil when it isn't there and `required` is false (a default
    /// location); otherwise a missing, unreadable or malformed file is exit 78.
    init?(path: String, required: Bool) throws(UserlistError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            if !exists, !required { return nil }
            throw Self.error(path, nil, exists ? (isDirectory.boolValue ? "is a directory, not a config file" : "cannot be read") : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw Self.error(path, nil, "is not UTF-8 text") }
        self.path = path
        self.text = text
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            // toml++'s message, as a sentence of ours: `config.toml:2:10: error while parsing …`.
            var message = error.description
            if message.hasPrefix("Error") { message = "e" + message.dropFirst() }
            throw UserlistError(.config, Diagnostic(.syntax, at: SourceLocation(input: path, line: error.source.begin.line, column: error.source.begin.column), message))
        } catch {
            throw Self.error(path, nil, "\(error)")
        }
        var entries: [Entry] = []
        var profiles: [String: [Entry]] = [:]
        var profileLines: [String: Int] = [:]
        let lines = Self.keyLines(text)
        for (key, value) in table {
            if key == "profile", let profileTable = value.table {
                for (name, profile) in profileTable {
                    let headerLine = lines.tables["profile.\(name)"] ?? lines.keys[[nil, "profile"]] ?? 1
                    guard let profile = profile.table else {
                        throw Self.error(path, headerLine, "profile.\(name): expected a table ([profile.\(name)]), got \(Self.value(profile).typeName)")
                    }
                    profileLines[name] = headerLine
                    profiles[name] = profile.map { key, value in
                        Entry(key: key, value: Self.value(value), line: lines.keys[["profile.\(name)", key]] ?? headerLine)
                    }.sorted { $0.line < $1.line }
                }
                continue
            }
            entries.append(Entry(key: key, value: Self.value(value), line: lines.keys[[nil, key]] ?? lines.tables[key] ?? 1))
        }
        self.entries = entries.sorted { $0.line < $1.line }
        self.profiles = profiles
        self.profileLines = profileLines
    }

    static func error(_ path: String, _ line: Int?, _ message: String) -> UserlistError {
        UserlistError(.config, Diagnostic(.configuration, input: path, line: line, message))
    }

    private static func value(_ value: TOMLValueConvertible) -> Value {
        switch value.type {
        case .string: .string(value.string ?? "")
        case .int: .integer(value.int ?? 0)
        case .double: .number(value.double ?? 0)
        case .bool: .boolean(value.bool ?? false)
        case .table: .other("a table")
        case .array: .other("an array")
        default: .other("a date or time")
        }
    }

    /// Where each key is written: `[table, key]` → line (table nil at the top), and each
    /// `[table]` header's line. Lines inside multi-line strings are skipped roughly (a line
    /// that starts a `"""` or `'''` string until the one that ends it).
    private static func keyLines(_ text: String) -> (keys: [[String?]: Int], tables: [String: Int]) {
        var keys: [[String?]: Int] = [:]
        var tables: [String: Int] = [:]
        var table: String?
        var inMultiline: String?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let delimiter = inMultiline {
                if line.contains(delimiter) { inMultiline = nil }
                continue
            }
            if line.hasPrefix("[") {
                let name = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] \t")).split(separator: "#").first
                    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "] \t")) } ?? ""
                table = name.split(separator: ".").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"'")) }.joined(separator: ".")
                if tables[table!] == nil { tables[table!] = index + 1 }
                continue
            }
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if keys[[table, key]] == nil { keys[[table, key]] = index + 1 }
            let rest = line[line.index(after: equals)...]
            for delimiter in ["\"\"\"", "'''"] where rest.components(separatedBy: delimiter).count == 2 { inMultiline = delimiter }
        }
        return (keys, tables)
    }

    /// Where the file is looked for: `$XDG_CONFIG_HOME/userlist/config.toml` when that is set
    /// (and absolute, as the XDG spec asks), else `~/.config/userlist/config.toml`.
    static func defaultPath(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/userlist/config.toml" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/userlist/config.toml"
    }
}
