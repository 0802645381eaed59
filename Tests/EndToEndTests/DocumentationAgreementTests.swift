import Foundation
import Testing
@testable import userlist

/// Issue 21: `--help`, the man page, the README's options table and the completion scripts come
/// from the same declarations, and a test fails when they disagree: every option of every
/// command, as ArgumentParser describes them (`--experimental-dump-help`), is in each of them,
/// and the README's table names no option the list doesn't have. The shipped `userlist.1` is
/// what `userlist --generate-manual` prints, and `man` renders it without a warning.
@Suite("Help, man page, README and completions agree")
struct DocumentationAgreementTests {
    /// Each command's path (`list`, `stage merge`) and its options' spellings (`-f`, `--format`).
    static func declaredOptions() throws -> [(path: String, spellings: Set<String>)] {
        let dump = try CommandRunner.run("userlist --experimental-dump-help")
        let root = try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])
        var commands: [(String, Set<String>)] = []
        func walk(_ command: [String: Any], path: [String]) {
            let spellings = (command["arguments"] as? [[String: Any]] ?? []).flatMap { argument in
                (argument["names"] as? [[String: String]] ?? []).map { ($0["kind"] == "short" ? "-" : "--") + ($0["name"] ?? "") }
            }
            if !path.isEmpty, path != ["help"] { commands.append((path.joined(separator: " "), Set(spellings))) }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path: path + [sub["commandName"] as? String ?? ""])
            }
        }
        walk(try #require(root["command"] as? [String: Any]), path: [])
        return commands
    }

    @Test func theCommandsAreTheExpectedOnes() throws {
        #expect(try Self.declaredOptions().map(\.path) == ["list", "diff", "stage", "stage map", "stage partial", "stage merge", "stage plan", "fields", "schema"])
    }

    @Test func helpNamesEveryOption() throws {
        for (path, spellings) in try Self.declaredOptions() {
            let help = String(decoding: try CommandRunner.run("userlist \(path) --help").stdout, as: UTF8.self)
            for spelling in spellings {
                #expect(help.contains(spelling + " ") || help.contains(spelling + ",") || help.contains(spelling + "\n"), "userlist \(path) --help lacks \(spelling)")
            }
        }
        // The root's help is the list's, with the subcommands.
        let root = String(decoding: try CommandRunner.run("userlist --help").stdout, as: UTF8.self)
        let list = String(decoding: try CommandRunner.run("userlist list --help").stdout, as: UTF8.self)
        #expect(root.hasPrefix("OVERVIEW: Turn user-list API payloads into display-ready list rows."))
        let usage = try #require(list.range(of: "USAGE:"))
        #expect(root.contains(list[usage.lowerBound...].trimmingCharacters(in: .newlines)))
        for subcommand in ["list (default)", "diff", "stage"] { #expect(root.contains("\n  \(subcommand) ")) }
    }

    @Test func theShippedManPageIsTheGeneratedOne() throws {
        let generated = try CommandRunner.run("userlist --generate-manual")
        let shipped = try Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent("userlist.1"))
        #expect(generated.status == 0)
        #expect(generated.stdout == shipped, "userlist.1 is stale: run `userlist --generate-manual > userlist.1`")
    }

    @Test func manRendersThePageWithEveryOption() throws {
        let result = try CommandRunner.run("MANWIDTH=100 man --warnings -l ./userlist.1 | col -b")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(String(decoding: result.stderr, as: UTF8.self))")
        let page = String(decoding: result.stdout, as: UTF8.self)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"] {
            #expect(page.contains("\n\(section)\n"), "no \(section)")
        }
        #expect(page.contains("userlist — Turn user-list API payloads into display-ready list rows"))
        for (path, spellings) in try Self.declaredOptions() {
            #expect(page.contains("userlist \(path)"), "the man page has no userlist \(path)")
            for spelling in spellings {
                #expect(page.contains(spelling), "the man page lacks \(spelling) of userlist \(path)")
            }
        }
    }

    /// The README's options table (under Usage) and the list's options: the same set.
    @Test func theReadmeTableIsTheListsOptions() throws {
        let readme = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let table = try #require(readme.split(separator: "| option | meaning |").dropFirst().first?.split(separator: "\n\n").first)
        var documented = Set<String>()
        for row in table.split(separator: "\n").dropFirst() {
            let first = row.split(separator: " | ").first ?? ""
            for match in first.matches(of: /`(--?[A-Za-z][A-Za-z0-9-]*)/) { documented.insert(String(match.1)) }
        }
        let declared = try #require(try Self.declaredOptions().first { $0.path == "list" }).spellings
        #expect(documented == declared, "README only: \(documented.subtracting(declared).sorted()); declared only: \(declared.subtracting(documented).sorted())")
    }

    /// bash's script offers each command's options (the zsh and fish scripts are driven by
    /// CompletionTests).
    @Test func bashCompletesEveryOption() throws {
        for (path, spellings) in try Self.declaredOptions() {
            let result = try CommandRunner.run("""
                bash -c 'source <(userlist --generate-completion-script bash); COMP_LINE="userlist \(path) -"; COMP_POINT=${#COMP_LINE}; _userlist; printf "%s\\n" "${COMPREPLY[@]}"'
                """)
            let offered = Set(String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init))
            #expect(offered == spellings, "userlist \(path) -<TAB>")
        }
    }

    /// `Scripts/install.sh` puts the binary, the page and the three scripts where each is looked
    /// for; `man` finds the page there.
    @Test func installScriptShipsThePageAndTheScripts() throws {
        let result = try CommandRunner.run("""
            T=$(mktemp -d); USERLIST=$(command -v userlist) DESTDIR=$T PREFIX=/usr Scripts/install.sh > /dev/null && (cd $T && find . -type f | sort) && MANWIDTH=80 man -M $T/usr/share/man userlist | head -1 | tr -s ' '; cmp $T/usr/share/man/man1/userlist.1 userlist.1 && echo same page; rm -rf $T
            """)
        #expect(String(decoding: result.stdout, as: UTF8.self) == """
            ./usr/bin/userlist
            ./usr/share/bash-completion/completions/userlist
            ./usr/share/fish/vendor_completions.d/userlist.fish
            ./usr/share/man/man1/userlist.1
            ./usr/share/zsh/site-functions/_userlist
            USERLIST(1) BSD General Commands Manual USERLIST(1)
            same page

            """)
    }

    /// The table the command line is scanned with (values, options given twice) is the
    /// declarations': every command's single-valued and repeatable options with a value.
    @Test func theOptionTableIsTheDeclarations() throws {
        let dump = try CommandRunner.run("userlist --experimental-dump-help")
        let root = try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])
        var single: [String: [[String]]] = [:], repeating: [String: [[String]]] = [:]
        func walk(_ command: [String: Any], path: [String]) {
            let key = path.joined(separator: " ")
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                let spellings = (argument["names"] as? [[String: String]] ?? []).map { ($0["kind"] == "short" ? "-" : "--") + ($0["name"] ?? "") }
                if argument["isRepeating"] as? Bool == true { repeating[key, default: []].append(spellings) } else { single[key, default: []].append(spellings) }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, path: path + [sub["commandName"] as? String ?? ""]) }
        }
        walk(try #require(root["command"] as? [String: Any]), path: [])
        #expect(single == OptionTable.single)
        #expect(repeating == OptionTable.repeating)
    }
}
