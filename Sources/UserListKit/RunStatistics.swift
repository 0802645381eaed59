import UserListDomain
import UserListService
import UserListRendering
import UserListViewModel

/// What a run came to, for `--summary`: the Service's counts and the list's.
///
/// Every record read is one of: a distinct user, rejected (not JSON, or not a usable user),
/// a later duplicate of an id, or left out on purpose (a bot, a deleted account), so
/// `records == users + rejected + duplicates + excluded` — nothing is lost without a count.
public struct RunStatistics: Sendable {
    public var report: LoadReport?
    /// Users in the list (all pages).
    public var matched: Int?
    /// Rows printed.
    public var written: Int?
    /// What was printed last, for `-e`: a JSON value, a row, or nothing.
    public var lastValue: OutputValue = .none
    /// Where the next page is, as the last input said (`--next`).
    public var next: NextPage?

    public init() {}

    /// The list's counts, from the state a run rendered.
    package mutating func count(_ state: ListState, query: UserListQuery) {
        guard let page = state.page else { return }
        matched = page.totalItems
        written = page.spilledRows != nil || query.page == nil ? page.totalItems : page.items.count + page.rows.count
    }
}

/// The list's counts as soon as the whole input is read (``UserListRun/execute``), kept for
/// `--summary` when writing the output then fails.
final class LoadedCounts {
    var report: LoadReport?
    var matched: Int?
    /// Rows a streamed format has written so far: on standard output they are out, whatever
    /// happens next, and a failed run's `--summary` says how many (it said `null` after 700,000).
    var streamed = 0
}

/// `--summary FILE` (or `-`, standard error): one JSON object per run.
package struct RunSummary {
    var inputs: Int
    var bytes: Int
    var statistics: RunStatistics
    /// Records read, from the progress counter: what is known when the run failed part-way.
    var recordsSeen: Int
    var rejectedSeen: Int
    var seconds: Double
    var failure: UserlistError?
    /// `--min-users`, `--max-users`, `--max-drop`: what was checked, as `"guards"`.
    var guards: RunGuards?

    package init(inputs: Int, bytes: Int, statistics: RunStatistics, recordsSeen: Int, rejectedSeen: Int, seconds: Double, failure: UserlistError?, guards: RunGuards? = nil) {
        self.inputs = inputs
        self.bytes = bytes
        self.statistics = statistics
        self.recordsSeen = recordsSeen
        self.rejectedSeen = rejectedSeen
        self.seconds = seconds
        self.failure = failure
        self.guards = guards
    }

    /// The JSON object, one line. Counts a failed run could not know are `null`.
    package var json: String {
        let report = statistics.report
        var fields: [(String, String)] = [
            ("inputs", "\(inputs)"),
            ("bytes", "\(bytes)"),
            ("records", "\(report?.recordsRead ?? recordsSeen)"),
            ("users", report.map { "\($0.usersLoaded)" } ?? "null"),
            ("rejected", "\(report?.skipped ?? rejectedSeen)"),
            ("duplicates", report.map { "\($0.duplicates)" } ?? "null"),
            ("excluded", report.map { "\($0.excluded.values.reduce(0, +))" } ?? "null"),
            ("matched", statistics.matched.map(String.init) ?? "null"),
            ("written", statistics.written.map(String.init) ?? "null"),
            ("next", statistics.next.map { Self.quoted($0.value) } ?? "null"),
            ("seconds", String(format3: seconds)),
        ]
        if let guards { fields.append(("guards", guards.summaryJSON)) }
        fields.append(("status", failure == nil ? "\"ok\"" : "\"failed\""))
        if let failure {
            fields.append(("exitCode", "\(failure.exitCode)"))
            fields.append(("error", Self.quoted(failure.message)))
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n"
    }

    /// One line for a person at a terminal: `300,000 records → 299,994 users (5 rejected, …) …`.
    var humanLine: String {
        let report = statistics.report
        var parts = ["\(Self.grouped(report?.recordsRead ?? recordsSeen)) records"]
        if let report {
            var details = ["\(Self.grouped(report.skipped)) rejected", "\(Self.grouped(report.duplicates)) duplicate\(report.duplicates == 1 ? "" : "s")"]
            let excluded = report.excluded.values.reduce(0, +)
            if excluded > 0 { details.append("\(Self.grouped(excluded)) left out") }
            parts[0] += " → \(Self.grouped(report.usersLoaded)) users (\(details.joined(separator: ", ")))"
        }
        if let matched = statistics.matched { parts.append("\(Self.grouped(matched)) matched") }
        if let written = statistics.written { parts.append("\(Self.grouped(written)) written") }
        parts.append("\(String(format3: seconds)) s")
        return parts.joined(separator: " · ")
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// `text` as a JSON string, as every other JSON userlist writes.
    private static func quoted(_ text: String) -> String {
        let writer = OutputWriter()
        JSONText.appendString(text, to: writer)
        return writer.text
    }
}

extension String {
    /// `seconds` with three decimals, without Foundation's formatter.
    init(format3 value: Double) {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        self = "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
