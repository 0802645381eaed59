import UserListDomain
import UserListRendering
import UserListService

/// Guard rails for unattended runs: `--min-users N`, `--max-users N`, and `--max-drop PCT` against
/// `--baseline FILE` (a previous output). A count outside them fails the run with exit 65 before
/// anything is printed or `--output` is replaced, so a half-empty export never takes the place of
/// yesterday's good file.
///
/// The count checked is the list's `matched`: the users that passed `--where` and `--search`,
/// before `--page` or `--limit` chose the rows to print (what `--count` prints, and what the
/// baseline's own count means: a json envelope's `totalItems`, a summary's `matched`). A nightly
/// job that prints page 1 of a search still guards the size of the whole answer.
///
/// A class: the run reads back what was checked for `--summary`, also when the check failed.
public final class RunGuards: @unchecked Sendable {
    public let minUsers: Int?
    public let maxUsers: Int?
    /// A percentage, 0–100.
    public let maxDrop: Double?
    public let baselinePath: String?

    /// The baseline's count, read before the run (``prepare()``).
    private(set) var baseline: BaselineCount?
    /// The count checked, once the run got that far.
    private(set) var checkedCount: Int?
    /// What the run had read when it was checked: a failed check still has its counts in `--summary`.
    private(set) var report: LoadReport?
    /// The option that failed (`--min-users`, `--max-users`, `--max-drop`), or nil.
    private(set) var failedOption: String?
    /// The `--output` file a failure leaves as it was, for its message.
    var keptFile: String?

    public init(minUsers: Int?, maxUsers: Int?, maxDrop: Double?, baselinePath: String?) {
        self.minUsers = minUsers
        self.maxUsers = maxUsers
        self.maxDrop = maxDrop
        self.baselinePath = baselinePath
    }

    /// Reads the baseline's count before anything else is read: a missing baseline is exit 66,
    /// one that is no output of userlist's exit 65, at once.
    func prepare() throws(UserlistError) {
        guard let baselinePath, baseline == nil else { return }
        baseline = try BaselineCount(path: baselinePath)
    }

    /// The fall from the baseline to `count`, in percent (negative: it grew); nil without a
    /// baseline or against an empty one (nothing can fall from zero).
    func drop(to count: Int) -> Double? {
        guard let baseline, baseline.users > 0 else { return nil }
        return Double(baseline.users - count) * 100 / Double(baseline.users)
    }

    /// Checks the list's count; throws exit 65 naming the guard, the numbers, and what was kept.
    func check(matched count: Int, report: LoadReport?) throws(UserlistError) {
        checkedCount = count
        self.report = report
        let kept = keptFile.map { "\($0) left as it was" }
        let users = count == 1 ? "1 user" : "\(count) users"
        if let minUsers, count < minUsers {
            failedOption = "--min-users"
            throw UserlistError(.data, Diagnostic(.runCheck, option: "--min-users \(minUsers)", "\(users) matched, fewer than \(minUsers)", hint: kept))
        }
        if let maxUsers, count > maxUsers {
            failedOption = "--max-users"
            throw UserlistError(.data, Diagnostic(.runCheck, option: "--max-users \(maxUsers)", "\(users) matched, more than \(maxUsers)", hint: kept))
        }
        if let maxDrop, let baseline, let drop = drop(to: count), drop > maxDrop {
            failedOption = "--max-drop"
            throw UserlistError(.data, Diagnostic(.runCheck, option: "--max-drop \(Self.number(maxDrop))%",
                "\(users) matched against \(baseline.users) in the baseline \(baseline.path) (\(baseline.format)), a drop of \(Self.number(drop))%", hint: kept))
        }
    }

    /// `--summary`'s `"guards"` object: what was checked and the numbers.
    var summaryJSON: String {
        var fields: [(String, String)] = [
            ("matched", checkedCount.map(String.init) ?? "null"),
            ("minUsers", minUsers.map(String.init) ?? "null"),
            ("maxUsers", maxUsers.map(String.init) ?? "null"),
            ("maxDrop", maxDrop.map(Self.number) ?? "null"),
        ]
        if let baselinePath {
            fields.append(("baseline", Self.quoted(baselinePath)))
            fields.append(("baselineFormat", baseline.map { Self.quoted($0.format) } ?? "null"))
            fields.append(("baselineUsers", baseline.map { "\($0.users)" } ?? "null"))
            fields.append(("drop", checkedCount.flatMap(drop(to:)).map(Self.number) ?? "null"))
        }
        let status = failedOption != nil ? "failed" : checkedCount != nil ? "passed" : "not checked"
        fields.append(("status", Self.quoted(status)))
        fields.append(("failed", failedOption.map(Self.quoted) ?? "null"))
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A percentage with at most two decimals and no trailing zeros: `10`, `12.5`, `33.33`.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = "\(hundredths / 100)"
        let fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && hundredths / 100 == 0 ? "-" : ""
        if fraction == 0 { return sign + whole }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return sign + whole + "." + digits
    }

    private static func quoted(_ text: String) -> String {
        let writer = OutputWriter()
        JSONText.appendString(text, to: writer)
        return writer.text
    }
}
