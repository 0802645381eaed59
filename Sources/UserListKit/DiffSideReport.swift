import UserListDomain
import UserListService

/// What one side of `userlist diff` read, for `--summary`: the Service's report, kept by a
/// service that hands everything on as it is and remembers what the load came to.
final class DiffSideReport: @unchecked Sendable {
    let inputs: Int
    var report: LoadReport?

    init(inputs: Int) {
        self.inputs = inputs
    }

    /// `"old":{…}`'s object: `inputs`, `records`, `users`, `rejected`, `duplicates`, `excluded`
    /// (null when the run stopped before this side was read to the end).
    var json: String {
        func count(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        return "{\"inputs\":\(inputs),\"records\":\(count(report?.recordsRead)),\"users\":\(count(report?.usersLoaded)),"
            + "\"rejected\":\(count(report?.skipped)),\"duplicates\":\(count(report?.duplicates)),"
            + "\"excluded\":\(count(report.map { $0.excluded.values.reduce(0, +) }))}"
    }
}

/// Hands on `base`'s users unchanged and keeps its ``LoadReport`` in `side`.
struct ReportingUserService: UserServiceProtocol {
    let base: any UserServiceProtocol
    let side: DiffSideReport

    func loadUsers(_ consume: (User) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        let report = try base.loadUsers(consume)
        side.report = report
        return report
    }

    func loadUserBatches(annotate: @escaping @Sendable ([User]) -> [UserAnnotation?], _ consume: ([AnnotatedUser]) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        let report = try base.loadUserBatches(annotate: annotate, consume)
        side.report = report
        return report
    }
}
