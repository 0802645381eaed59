/// A problem as data — what went wrong, where, in which option — so the library's users match on
/// it instead of parsing text. ``UserlistError`` carries one; warnings are reported as ones.
/// The text is made in one place, ``text`` (Diagnostic+Text.swift), which keeps every
/// diagnostic to one line.
public struct Diagnostic: Hashable, Sendable {
    public enum Problem: Hashable, Sendable {
        /// Text that isn't JSON; `detail` is what is wrong at `location`.
        case syntax
        /// A record that can't be a user (no id, a field of the wrong type); `detail` says why.
        case unusableRecord
        /// More unusable records than were listed one by one.
        case skippedRecords(total: Int, listed: Int)
        /// Records the API marks as not a person (bots, deleted accounts); `detail` lists why.
        case excludedRecords(count: Int)
        /// Records dropped because an earlier one had their id.
        case duplicateIDs(count: Int)
        /// A jq expression that doesn't compile or fails on an input; `option` names it.
        case expression
        /// A document with no users where they were looked for; `detail` says what was found.
        case noUsers
        /// The payload is an API's error body; `detail` is the API's message.
        case apiError
        /// An input that can't be opened, read or decompressed.
        case unreadableInput
        /// Output that can't be created or written.
        case unwritableOutput
        /// An option's value that can't be used.
        case usage
        /// Something worth knowing that is not a failure (more pages, a filter's tally).
        case note
        /// A config file's entry or a `USERLIST_*` variable that can't be used; `input` names the
        /// file (with `line`) or the variable.
        case configuration
        /// A check on the run's result failed (`--min-users`, `--max-users`, `--max-drop`,
        /// `--max-rejects`); `option` names it with its value.
        case runCheck
        /// A `--baseline` file that is no output of userlist, or one of a failed run.
        case baseline
        /// A stage that can't do its part: its input is not what the stage before it writes, the
        /// partitions' counts don't add up, a line holds more records than it can number; `scope`
        /// names the stage.
        case stage
        /// One of userlist's own temporary files read back other than it was written (cut short,
        /// changed under it); `input` names its purpose.
        case damagedTemporaryFile
        /// An input that changed while it was read: a record read once could not be read again.
        case inputChanged
        /// A diagnostic another `userlist stage` process made and wrote as text (the stages' wire
        /// carries text, whose marked line numbers the merge resolves); `detail` is that text.
        case relayed
    }

    public enum Severity: Hashable, Sendable {
        case error, warning
    }

    public var problem: Problem
    public var severity: Severity
    /// Where: input, line, column and the record's JSON path, when known.
    public var location: SourceLocation?
    /// The input's name when there is no position in it (a file that can't be opened).
    public var input: String?
    /// The option the problem belongs to: `--where`, `--jq`, `--users-at`.
    public var option: String?
    /// What is wrong, in words; the rest of the text comes from the other fields.
    public var detail: String
    /// What it happened to (`user 42`).
    public var subject: String?
    /// What to do about it.
    public var hint: String?
    /// A line without a column (a config file's entry, a stage input's line), after ``input``.
    public var line: Int?
    /// The part of the run it belongs to, put first: a side of `userlist diff` (`old`, `new`), a
    /// stage (`stage map`), the option whose file it is (`--baseline`).
    public var scope: String?

    public init(
        _ problem: Problem, severity: Severity = .error, scope: String? = nil, at location: SourceLocation? = nil,
        input: String? = nil, line: Int? = nil, option: String? = nil, _ detail: String, subject: String? = nil, hint: String? = nil
    ) {
        self.problem = problem
        self.scope = scope
        self.line = line
        self.severity = severity
        self.location = location
        self.input = input ?? location?.input
        self.option = option
        self.detail = detail
        self.subject = subject
        self.hint = hint
    }

    /// A warning: the same fields, reported without stopping the run.
    public static func warning(
        _ problem: Problem, at location: SourceLocation? = nil, input: String? = nil, option: String? = nil,
        _ detail: String, subject: String? = nil, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(problem, severity: .warning, at: location, input: input, option: option, detail, subject: subject, hint: hint)
    }
}
