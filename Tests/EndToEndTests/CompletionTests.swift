import Foundation
import Testing

/// Issue 21: the completion scripts `userlist --generate-completion-script bash|zsh|fish` prints,
/// driven by each shell itself — bash through `complete -p` and its completion function, zsh in
/// an interactive shell on a pseudo-terminal (zpty) whose `compadd` prints what it is offered,
/// fish through `complete -C`: the subcommands (and the default list's inputs) first, field names
/// after `--fields` and `--sort`, formats after `-f`, and values with `:` offered whole.
@Suite("Shell completion")
struct CompletionTests {
    /// A command line being completed (the cursor at its end) and what every shell offers, as a
    /// set; `dir/` is a directory (bash and zsh show it as `dir`).
    static let cases: [(line: String, offered: Set<String>)] = [
        ("userlist ", ["list", "diff", "stage", "fields", "schema", "help", "dir/", "nightly.ndjson", "users.json"]),
        ("userlist d", ["diff", "dir/"]),
        ("userlist --format ", ["json", "ndjson", "table", "csv", "tsv", "markdown", "html"]),
        ("userlist -f c", ["csv"]),
        ("userlist users.json --sort ci", ["city", "city:desc"]),
        ("userlist --sort city:", ["city:desc"]),
        ("userlist --fields id,na", ["id,name"]),
        ("userlist --fields address.c", ["address.city"]),
        ("userlist users.json --fields id --col", ["--collate", "--color", "--color-output"]),
        ("userlist diff --col", ["--color"]),
        ("userlist n", ["nightly.ndjson"]),
        ("userlist users.json --search ", []),
        ("userlist list --cou", ["--count", "--count-by"]),
        ("userlist users.json --count-by comp", ["company", "company.name", "company.catchPhrase", "company.bs"]),
        ("userlist --count-by em", ["email", "email-domain"]),
        ("userlist --sort address.z", ["address.zipcode", "address.zipcode:desc"]),
        ("userlist diff ", ["dir/", "nightly.ndjson", "users.json"]),
        ("userlist diff --fields address.g", ["address.geo", "address.geo.lat", "address.geo.lng"]),
        ("userlist diff -f ", ["ndjson", "json", "table", "csv", "tsv"]),
        ("userlist diff --old users.json --ne", ["--new"]),
        ("userlist stage ", ["map", "partial", "merge", "plan"]),
        ("userlist stage merge --sum", ["--summary"]),
        ("userlist help ", ["list", "diff", "stage", "fields", "schema"]),
        ("userlist schema ", ["row", "list", "summary", "rejects", "diff", "diff-summary"]),
        ("userlist --rawfile v n", ["nightly.ndjson"]),
        ("userlist --arg name ", []),
    ]

    /// Where the scripts are; the completions are asked for in its `work` directory, which holds
    /// two files and a directory.
    static let scripts: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-completion-\(UUID().uuidString)")
        let work = directory.appendingPathComponent("work")
        try? FileManager.default.createDirectory(at: work.appendingPathComponent("dir"), withIntermediateDirectories: true)
        for name in ["users.json", "nightly.ndjson"] { FileManager.default.createFile(atPath: work.appendingPathComponent(name).path, contents: Data()) }
        for shell in ["bash", "zsh", "fish"] {
            _ = try? CommandRunner.run("userlist --generate-completion-script \(shell) > \(directory.path)/completion.\(shell)")
        }
        try? FileManager.default.createDirectory(at: directory.appendingPathComponent("fpath"), withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: directory.appendingPathComponent("completion.zsh"), to: directory.appendingPathComponent("fpath/_userlist"))
        try? zshDriver.write(to: directory.appendingPathComponent("complete.zsh"), atomically: true, encoding: .utf8)
        return directory
    }()
    static var work: String { scripts.appendingPathComponent("work").path }

    static func offered(_ output: Data) -> Set<String> {
        Set(String(decoding: output, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
    }

    /// The directory as zsh and bash show it (`dir`), for comparing with fish's `dir/`.
    static func normalisedDirectory(_ offered: Set<String>) -> Set<String> {
        Set(offered.map { $0 == "dir" ? "dir/" : $0 })
    }

    @Test(arguments: cases.indices)
    func bash(_ index: Int) throws {
        let (line, expected) = Self.cases[index]
        let result = try CommandRunner.run("""
            cd \(Self.work) && bash -c 'source ../completion.bash; COMP_LINE="$1"; COMP_POINT=${#1}; COMP_WORDS=($1); COMP_CWORD=${#COMP_WORDS[@]}; _userlist userlist; printf "%s\\n" "${COMPREPLY[@]}"' - '\(line)'
            """)
        // bash replaces what follows the last `:`, so its replies are cut there.
        let lastWord = line.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
        let cut = lastWord.lastIndex(of: ":").map { String(lastWord[...$0]) } ?? ""
        let want = Set(expected.map { $0.hasPrefix(cut) ? String($0.dropFirst(cut.count)) : $0 })
        #expect(Self.normalisedDirectory(Self.offered(result.stdout).subtracting([""])) == want, "bash: \(line)")
    }

    @Test func bashRegistersTheFunction() throws {
        let result = try CommandRunner.run("cd \(Self.work) && bash -c 'source ../completion.bash; complete -p userlist'")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "complete -F _userlist userlist\n")
    }

    @Test(arguments: cases.indices)
    func zsh(_ index: Int) throws {
        let (line, expected) = Self.cases[index]
        let result = try CommandRunner.run("cd \(Self.work) && timeout 60 zsh ../complete.zsh \(Self.scripts.path)/fpath '\(line)'")
        #expect(result.status == 0, "zsh: \(String(decoding: result.stderr, as: UTF8.self))")
        #expect(Self.normalisedDirectory(Self.offered(result.stdout)) == expected, "zsh: \(line)")
    }

    @Test(arguments: cases.indices)
    func fish(_ index: Int) throws {
        let (line, expected) = Self.cases[index]
        let result = try CommandRunner.run("cd \(Self.work) && fish --no-config -c 'source ../completion.fish; complete -C \"$argv[1]\"' '\(line)'")
        #expect(result.status == 0, "fish: \(String(decoding: result.stderr, as: UTF8.self))")
        #expect(Self.offered(result.stdout) == expected, "fish: \(line)")
    }

    /// zsh shows a subcommand's description beside it, and a value holding `:` whole (its
    /// `_describe` took `city:desc` for `city` described as `desc`).
    @Test func zshDescribesSubcommandsAndKeepsColons() throws {
        let script = try String(contentsOf: Self.scripts.appendingPathComponent("completion.zsh"), encoding: .utf8)
        #expect(script.contains("'diff:Compare two user exports by id\\: who was added, removed or changed.'"))
        #expect(!script.contains("_describe -V"))
        #expect(script.contains("'city:desc'"))
    }

    /// Drives an interactive zsh on a pseudo-terminal: `compinit` with the script's directory in
    /// `$fpath`, a `compadd` that prints each match (after the prefixes zsh keeps, as `id,` in
    /// `id,name`), then the line and a TAB.
    static let zshDriver = #"""
        zmodload zsh/zpty || exit 2
        local dir=$1 line=$2 init=$(mktemp)
        cat > $init <<INIT
        PS1= ; RPROMPT=
        fpath=($dir \$fpath)
        autoload -Uz compinit && compinit -u -D
        zstyle ':completion:*' insert-tab false
        bindkey '^I' complete-word
        compprefuncs=( __capture_begin )
        comppostfuncs=( __capture_end )
        __capture_begin() { print -r -- '<<<BEGIN>>>' }
        __capture_end() { print -r -- '<<<END>>>'; exit }
        compadd() {
            if [[ \${@[1,(i)--]} == *-[OAD]* ]]; then builtin compadd "\$@"; return; fi
            local -a __matches
            builtin compadd -A __matches "\$@"
            local -A __opts
            zparseopts -E -A __opts P: p: S: s: q Q f
            local __m
            for __m in \$__matches; do print -r -- "MATCH:\$IPREFIX\${__opts[-P]}\${__opts[-p]}\$__m"; done
        }
        print -r -- '<<<READY>>>'
        INIT
        zpty capture zsh -f -i
        zpty -w capture "source $init"
        local out started=0
        while zpty -r capture out; do [[ $out == *'<<<READY>>>'* ]] && break; done
        zpty -w -n capture "$line"$'\t'
        while zpty -r capture out; do
            out=${out//$'\r'/}; out=${out%$'\n'}
            [[ $out == *'<<<BEGIN>>>'* ]] && { started=1; continue }
            [[ $out == *'<<<END>>>'* ]] && break
            (( started )) && [[ $out == *MATCH:* ]] && print -r -- ${out#*MATCH:}
        done
        zpty -d capture
        rm -f $init
        """#
}
