import Testing
@_spi(Pipeline) @testable import UserListKit
@testable import UserListService
import UserListDomain

/// A payload of nothing but records that are not people is one error line (issue 20); any other
/// run's warnings go out as they were, in their order.
@Suite struct NonPeopleCheckTests {
    private func report(read: Int, users: Int, excluded: [String: Int]) -> LoadReport {
        var report = LoadReport(recordsRead: read, usersLoaded: users)
        report.excluded = excluded
        return report
    }

    @Test func onlyGroupsIsAnErrorInsteadOfTheWarning() throws {
        let collected = CollectedWarnings()
        let check = NonPeopleCheck(collected)
        check.warn(.warning(.note, "an earlier warning"))
        check.warn(.warning(.excludedRecords(count: 21), "21 groups"))
        #expect(collected.messages == ["an earlier warning"])
        #expect(throws: UserlistError.self) { try check.finish(report(read: 21, users: 0, excluded: ["group": 21]), inputs: [.file("groups.json")]) }
        do {
            try check.finish(report(read: 21, users: 0, excluded: ["group": 21]), inputs: [.file("groups.json")])
        } catch {
            #expect(error.exitCode == 65)
            #expect(error.message == "groups.json: no users: all 21 records are not people (21 groups); --include-non-people lists them")
        }
        #expect(collected.messages == ["an earlier warning"])
    }

    @Test func otherwiseTheHeldWarningsGoOutInOrder() throws {
        let collected = CollectedWarnings()
        let check = NonPeopleCheck(collected)
        check.warn(.warning(.excludedRecords(count: 1), "1 bot"))
        check.warn(.warning(.duplicateIDs(count: 2), ""))
        #expect(collected.warnings.isEmpty)
        try check.finish(report(read: 5, users: 2, excluded: ["bot": 1]), inputs: [.file("a.json")])
        #expect(collected.warnings.map(\.problem) == [.excludedRecords(count: 1), .duplicateIDs(count: 2)])
    }

    /// Deleted accounts are people's: a page of them is an empty list, as before.
    @Test func deletedAccountsAloneAreNoError() throws {
        let check = NonPeopleCheck(CollectedWarnings())
        try check.finish(report(read: 2, users: 0, excluded: ["deleted account": 2]), inputs: [])
        try check.finish(report(read: 0, users: 0, excluded: [:]), inputs: [])
        try check.finish(nil, inputs: [])
    }
}
