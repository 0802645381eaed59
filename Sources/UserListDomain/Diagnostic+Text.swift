/// The one place a diagnostic becomes text:
/// `<scope>: <input>:<line>:<col>: <option>: <what> (<subject>); <hint>`, always one line.
extension Diagnostic: CustomStringConvertible {
    public var description: String { text }

    /// The message, without the `userlist: ` (or `userlist: warning: `) the command puts first.
    public var text: String {
        var out = scope.map { "\($0): " } ?? ""
        if let location {
            out += "\(location): "
        } else if let input {
            out += input
            if let line { out += ":\(line)" }
            out += ": "
        }
        if let option { out += "\(option): " }
        out += what
        if let subject { out += " (\(subject))" }
        if let hint { out += "; \(hint)" }
        return Self.oneLine(out)
    }

    /// The problem in words: `detail`, with the words a problem's counts and kind add.
    private var what: String {
        switch problem {
        case .unusableRecord:
            let record = location?.path.map { "record \($0)" } ?? "record"
            return severity == .error ? "\(record) is not a usable user: \(detail)" : "skipped \(record): \(detail)"
        case .skippedRecords(let total, let listed):
            return "skipped \(total) records in all that could not become users (the first \(listed) are listed above)"
        case .excludedRecords(let count):
            return "left out \(count) \(count == 1 ? "record" : "records") that the API marks as not a person: \(detail)"
        case .duplicateIDs(let count):
            return "dropped \(count) \(count == 1 ? "record" : "records") with a duplicate id (the first occurrence of each id is kept)"
        case .apiError:
            return "the API returned an error: \(detail)"
        case .syntax, .expression, .noUsers, .unreadableInput, .unwritableOutput, .usage, .note,
             .configuration, .runCheck, .baseline, .stage, .damagedTemporaryFile, .inputChanged, .relayed:
            return detail
        }
    }

    /// Control characters (C0, DEL, C1) and bidi overrides written as JSON writes them (`\n`,
    /// `\t`, `\u001b`, `\u202e`; ``TerminalText``): a jq `error("a\nb")` or a file name holding a
    /// newline or an escape byte stays on one line and can't drive the terminal.
    public static func oneLine(_ text: String) -> String { TerminalText.escaped(text) }
}
