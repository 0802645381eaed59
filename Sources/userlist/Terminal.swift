import UserListKit
import UserListPlatform

/// Facts about the terminal standard output is attached to.
enum Terminal {
    /// Whether to colour, as `gh` decides: `--color always|never` first; then `NO_COLOR` (any
    /// value) turns it off, `CLICOLOR_FORCE` (not 0) on even in a pipe, `CLICOLOR=0` off; else
    /// colour when standard output is a terminal that isn't `dumb`.
    static func colour(_ choice: ColorChoice, stdoutIsTerminal: Bool) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let value = environment("NO_COLOR"), !value.isEmpty { return false }
            if let value = environment("CLICOLOR_FORCE"), !value.isEmpty, value != "0" { return true }
            if environment("CLICOLOR") == "0" { return false }
            return stdoutIsTerminal && environment("TERM") != "dumb"
        }
    }

    /// jq's colours, or `JQ_COLORS`'s; a `JQ_COLORS` that isn't colours is warned about once
    /// (as jq does) and the defaults are used.
    static func jsonPalette(warn: Bool = true) -> JSONPalette {
        guard let value = environment("JQ_COLORS") else { return .jq }
        if let palette = JSONPalette(jqColors: value) { return palette }
        if warn { StandardError.write("userlist: warning: JQ_COLORS: '\(StandardError.oneLine(value))' is not up to eight colours (null:false:true:numbers:strings:arrays:objects:object keys, each like 1;31): using the default colours\n") }
        return .jq
    }

    private static func environment(_ name: String) -> String? { TerminalFacts.environment(name) }

    /// The width in columns of the terminal `descriptor` is attached to (standard output's, for
    /// fitting tables); `COLUMNS` wins when set.
    static func columns(of descriptor: Int32 = FileWriting.standardOutput) -> Int? {
        if let value = environment("COLUMNS").flatMap({ Int($0) }), value > 0 { return value }
        return TerminalFacts.size(of: descriptor).columns
    }

    /// The height in rows of standard output's terminal; `LINES` wins when set.
    static func rows() -> Int? {
        if let value = environment("LINES").flatMap({ Int($0) }), value > 0 { return value }
        return TerminalFacts.size(of: FileWriting.standardOutput).rows
    }

    /// What pages a table longer than the terminal, as `git` and `gh` page: a hook for the first
    /// bytes bound for standard output that starts the pager (``Pager``) when they hold as many
    /// lines as the terminal has rows, or fill a whole buffer (more follow). Nil when there is
    /// no pager (`PAGER` empty or `cat`, no `less`) or no terminal height.
    static func pagingHook() -> (@Sendable (UnsafeRawBufferPointer) -> Void)? {
        guard let command = Pager.command(environment: environment), let rows = rows() else { return nil }
        return { bytes in
            var lines = 0
            for byte in bytes where byte == 0x0A { lines += 1 }
            if bytes.count >= 1 << 16 || lines >= rows { Pager.start(command) }
        }
    }

    /// Whether a progress line may be drawn: standard error is a terminal that can erase a line
    /// (`TERM=dumb` can't: it would print the escapes).
    static var showsProgress: Bool {
        TerminalFacts.isTerminal(FileWriting.standardError) && environment("TERM") != "dumb"
    }
}
