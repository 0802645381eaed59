import Foundation

/// Runs a shell script with a pseudo-terminal as its standard input, output and error, as a
/// person's terminal is, through util-linux's `script`: what the terminal received comes back as
/// `stdout` (with the terminal's `\n` → `\r\n`), the script's exit status as `status`.
enum PseudoTerminal {
    /// `body` is a `sh` script, run from the package root with `userlist` first on PATH, in a
    /// fresh temporary directory `$T` (removed afterwards); `TERM` is `term` (nil: unset).
    static func run(_ body: String, term: String? = "xterm", columns: Int? = nil) throws -> CommandRunner.Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("run.sh")
        try ("T=\(directory.path)\n" + body + "\n").write(to: script, atomically: true, encoding: .utf8)
        // Colour as a person gets it: no NO_COLOR, CLICOLOR or CLICOLOR_FORCE from the test runner.
        var environment = "unset NO_COLOR CLICOLOR CLICOLOR_FORCE; " + (term.map { "TERM=\($0) " } ?? "unset TERM; ")
        if let columns { environment += "COLUMNS=\(columns) " }
        return try CommandRunner.run("\(environment)script -qec 'sh \(script.path)' /dev/null")
    }

    /// A slow producer for a pipe: `lines` (shell words, each printed by `printf '%s\n'`), with
    /// `sleep` between them where a line is a number of seconds prefixed by `@`.
    static func slowInput(_ lines: [String]) -> String {
        "(" + lines.map { $0.hasPrefix("@") ? "sleep \($0.dropFirst())" : "printf '%s\\n' '\($0)'" }.joined(separator: "; ") + ")"
    }

    /// The terminal's bytes with each progress line (`userlist: read …`, whose figures vary)
    /// written `<progress>`, a redraw over it folded into it, and the seconds of the summary
    /// line written `<s>`: what is left is exact.
    static func normalised(_ data: Data) -> String {
        var text = String(decoding: data, as: UTF8.self)
        text = text.replacing(/userlist: read [^\r\n\u{1B}]*/, with: "<progress>")
        text = text.replacing(/<progress>(\r\u{1B}\[K<progress>)+/, with: "<progress>")
        text = text.replacing(/\ · [0-9]+\.[0-9]+ s\r\n/, with: " · <s> s\r\n")
        return text
    }
}
