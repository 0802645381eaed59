import ArgumentParser
import UserListKit

/// Guard rails for unattended runs: a count outside them fails the run (exit 65) and leaves
/// `--output` as it was. The count is the list's: users that matched `--where` and `--search`,
/// before `--page` or `--limit` (see ``RunGuards``).
struct GuardOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Fail the run (exit 65, --output left as it was) when fewer than N users match.", valueName: "n"))
    var minUsers: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fail the run (exit 65, --output left as it was) when more than N users match.", valueName: "n"))
    var maxUsers: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fail the run (exit 65, --output left as it was) when the users matched fell by more than PCT percent against --baseline.", valueName: "pct"))
    var maxDrop: String?

    @Option(help: ArgumentHelp("A previous output of userlist (any format, or its --summary) whose user count --max-drop compares with.", valueName: "file"), completion: .file())
    var baseline: String?

    func validate() throws {
        if let minUsers, minUsers < 0 { throw ValidationError("--min-users must be 0 or more, got \(minUsers)") }
        if let maxUsers, maxUsers < 0 { throw ValidationError("--max-users must be 0 or more, got \(maxUsers)") }
        if let minUsers, let maxUsers, minUsers > maxUsers {
            throw ValidationError("--min-users \(minUsers) is more than --max-users \(maxUsers): no count could pass")
        }
        if let maxDrop, Self.percentage(maxDrop) == nil {
            throw ValidationError("--max-drop takes a percentage from 0 to 100 (10, 12.5 or 10%), got '\(maxDrop)'")
        }
        if maxDrop != nil, baseline == nil { throw ValidationError("--max-drop needs --baseline FILE: the previous output to compare with") }
        if baseline != nil, maxDrop == nil { throw ValidationError("--baseline is what --max-drop compares with: give --max-drop PCT too") }
    }

    /// `10`, `12.5`, `10%` → the number, 0–100.
    static func percentage(_ text: String) -> Double? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value.isFinite, value >= 0, value <= 100 else { return nil }
        return value
    }

    /// The guards, or nil when none was given.
    var guards: RunGuards? {
        guard minUsers != nil || maxUsers != nil || maxDrop != nil else { return nil }
        return RunGuards(minUsers: minUsers, maxUsers: maxUsers, maxDrop: maxDrop.flatMap(Self.percentage), baselinePath: baseline)
    }
}
