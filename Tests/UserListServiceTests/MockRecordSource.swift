@testable import UserListService
import UserListDomain
import UserListTestSupport

/// A ``UserRecordSource`` that yields fixed batches, as seed 000's MockUserService returns fixed users.
///
/// Every record is located at `location`, with the record's index in its batch as the path
/// (`.users[N]`) unless `pathPrefix` is nil. After `failAfter` batches it throws `error` instead
/// of yielding the next one (and the rest).
final class MockRecordSource: UserRecordSource {
    var batches: [[SourceRecord]]
    var location: InputLocation
    /// The path each record gets: `pathPrefix` + `[index]`; nil gives records no path.
    var pathPrefix: String?
    var failAfter: Int?
    var error = UserlistError(.data, Diagnostic(.syntax, at: SourceLocation(input: "mock.json", line: 9, column: 1), "expected a value"))
    /// How many times `readRecords` was called.
    private(set) var readCount = 0

    init(
        batches: [[SourceRecord]] = [],
        location: InputLocation = InputLocation(input: "mock.json", line: 3, column: 17),
        pathPrefix: String? = ".users",
        failAfter: Int? = nil
    ) {
        self.batches = batches
        self.location = location
        self.pathPrefix = pathPrefix
        self.failAfter = failAfter
    }

    /// One batch holding `records`.
    convenience init(_ records: [SourceRecord]) {
        self.init(batches: [records])
    }

    /// One batch holding one `.user` record per user.
    convenience init(users: [User]) {
        self.init(batches: [users.map(SourceRecord.user)])
    }

    func readRecords(_ consume: (RecordBatch) throws(UserlistError) -> Void) throws(UserlistError) {
        readCount += 1
        for (number, records) in batches.enumerated() {
            if let failAfter, number >= failAfter { throw error }
            let location = self.location
            let prefix = pathPrefix
            try consume(RecordBatch(records: records) { index in
                var located = location
                located.path = prefix.map { "\($0)[\(index)]" }
                return located
            })
        }
        if let failAfter, failAfter >= batches.count { throw error }
    }
}
