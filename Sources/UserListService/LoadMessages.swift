@_spi(Pipeline) import UserListDomain
/// What the Service says about loading, in one place: a single run reports it as it reads, and
/// the merge stage of a distributed run reports the same from the counts the other stages
/// carried to it, so the two can't drift apart.
public enum LoadMessages {
    /// Skipped records warned about one by one; past this, only counted (a summary line follows).
    public static let warningLimit = 20

    /// `users.json:17:5: skipped record .users[2]: no "id"`.
    public static func skipped(at location: SourceLocation, reason: String) -> Diagnostic {
        .warning(.unusableRecord, at: location, reason)
    }

    /// `--strict`'s error for the same record.
    public static func notUsable(at location: SourceLocation, reason: String) -> Diagnostic {
        Diagnostic(.unusableRecord, at: location, reason)
    }

    /// The warnings a finished load ends with, in the order a run prints them.
    public static func summary(of report: LoadReport, warningLimit: Int = warningLimit) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        if report.skipped > warningLimit {
            warnings.append(.warning(.skippedRecords(total: report.skipped, listed: warningLimit), ""))
        }
        if let (total, reasons) = report.excludedSummary {
            warnings.append(.warning(.excludedRecords(count: total), reasons, hint: NonPerson.hint(for: report.excluded)))
        }
        if report.duplicates > 0 {
            warnings.append(.warning(.duplicateIDs(count: report.duplicates), ""))
        }
        return warnings
    }
}
