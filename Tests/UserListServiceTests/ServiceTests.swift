import Testing
@testable import UserListService
import UserListDomain

/// The parent suite of the Service tests, so `swift test --filter ServiceTests` selects them all.
@Suite enum ServiceTests {}

extension ServiceTests {
    /// Runs a ``UserService`` over `source` and returns the users it handed on, its report and its warnings.
    static func load(
        _ source: MockRecordSource, strict: Bool = false, warningLimit: Int = 20
    ) throws -> (users: [User], report: LoadReport, warnings: [String]) {
        let warnings = CollectedWarnings()
        let service = UserService(source: source, strict: strict, warnings: warnings, warningLimit: warningLimit)
        var users: [User] = []
        let report = try service.loadUsers { users.append($0) }
        return (users, report, warnings.messages)
    }
}

extension ServiceTests {
    @Suite struct LoadReportTests {
        @Test func loadReportStartsAtZero() {
            let report = LoadReport()
            #expect(report == LoadReport(recordsRead: 0, usersLoaded: 0, skipped: 0, duplicates: 0))
        }
    }
}
