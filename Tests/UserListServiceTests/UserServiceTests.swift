import Testing
@testable import UserListService
import UserListDomain
import UserListTestSupport
import UserListGateway

extension ServiceTests {
    /// Normalising: strings trimmed of surrounding white space, blank strings become nil.
    @Suite struct NormalizationTests {
        @Test(arguments: [
            ("  Ann  ", "Ann"),
            ("\tAnn\n", "Ann"),
            ("Ann Lee", "Ann Lee"),
            ("  Ann  Lee ", "Ann  Lee"),
            ("\u{00A0}José\u{3000}", "José"),
            ("张伟 ", "张伟"),
        ] as [(String, String?)])
        func trimsName(raw: String, expected: String?) throws {
            let (users, _, _) = try ServiceTests.load(MockRecordSource(users: [User(id: "1", name: raw)]))
            #expect(users.first?.name == expected)
        }

        @Test(arguments: ["", " ", "   \t\n ", "\u{00A0}"])
        func blankBecomesNil(blank: String) throws {
            let raw = User(id: "1", name: blank, username: blank, email: blank, avatarURL: blank, bio: blank, phone: blank, website: blank)
            let (users, _, _) = try ServiceTests.load(MockRecordSource(users: [raw]))
            #expect(users == [User(id: "1")])
        }

        @Test func trimsEveryField() throws {
            let raw = User(
                id: " 1 ", name: " Leanne Graham ", username: " Bret", email: "Sincere@april.biz ",
                avatarURL: " https://a/b.png ", bio: "\n Hello \n", phone: " 1-770 ", website: " hildegard.org ",
                address: Address(street: " Kulas Light ", suite: "  ", city: "  Gwenborough ", zipcode: " 92998 ",
                                 geo: Geo(lat: " -37.3 ", lng: "")),
                company: Company(name: "  Romaguera-Crona  ", catchPhrase: " ", bs: " harness "))
            let (users, _, _) = try ServiceTests.load(MockRecordSource(users: [raw]))
            let user = try #require(users.first)
            #expect(user == User(
                id: "1", name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz",
                avatarURL: "https://a/b.png", bio: "Hello", phone: "1-770", website: "hildegard.org",
                address: Address(street: "Kulas Light", suite: nil, city: "Gwenborough", zipcode: "92998",
                                 geo: Geo(lat: "-37.3", lng: nil)),
                company: Company(name: "Romaguera-Crona", catchPhrase: nil, bs: "harness")))
        }

        @Test func nestedCityAndCompanyName() throws {
            let raw = User(id: "1", address: Address(city: "  Zürich\t"), company: Company(name: " "))
            let (users, _, _) = try ServiceTests.load(MockRecordSource(users: [raw]))
            #expect(users.first?.address?.city == "Zürich")
            // Nothing left in it: no company at all, as the general mapping would have it.
            #expect(users.first?.company == nil)
        }

        @Test func objectsWithNothingInThemBecomeNil() throws {
            let raw = User(id: "1", address: Address(street: " ", geo: Geo(lat: "", lng: nil)), company: Company())
            let kept = User(id: "2", address: Address(city: "Bern", geo: Geo()))
            let (users, _, _) = try ServiceTests.load(MockRecordSource(users: [raw, kept]))
            #expect(users.first?.address == nil)
            #expect(users.first?.company == nil)
            #expect(users.last?.address == Address(city: "Bern", geo: nil))
        }

        @Test func untouchedValuesStayEqual() throws {
            let (users, _, _) = try ServiceTests.load(MockRecordSource(users: [Fixtures.leanne, Fixtures.alice]))
            #expect(users == [Fixtures.leanne, Fixtures.alice])
        }

        @Test func innerWhitespaceAndLinesAreKept() throws {
            let (users, _, _) = try ServiceTests.load(MockRecordSource(users: [User(id: "1", bio: "  line one\n\nline two  ")]))
            #expect(users.first?.bio == "line one\n\nline two")
        }
    }

    /// Records that can't become users: skipped with a warning, or an error with `strict`.
    @Suite struct SkippedRecordTests {
        @Test(arguments: ["", "   ", "\t\n"])
        func blankIdIsSkippedWithAWarning(id: String) throws {
            let source = MockRecordSource([.user(User(id: "1", name: "Ann")), .user(User(id: id, name: "No Id")), .user(User(id: "3"))])
            let (users, report, warnings) = try ServiceTests.load(source)
            #expect(users.map(\.id) == ["1", "3"])
            #expect(report == LoadReport(recordsRead: 3, usersLoaded: 2, skipped: 1, duplicates: 0))
            #expect(warnings == [#"mock.json:3:17: skipped record .users[1]: no "id""#])
        }

        @Test func unusableRecordWarnsWithItsReason() throws {
            let source = MockRecordSource(
                [.user(User(id: "1")), .user(User(id: "2")), .unusable(reason: #""name" is a number, expected a string"#)],
                )
            source.location = InputLocation(input: "users.json", line: 7, column: 5)
            let (users, report, warnings) = try ServiceTests.load(source)
            #expect(users.map(\.id) == ["1", "2"])
            #expect(report.skipped == 1)
            #expect(warnings == [#"users.json:7:5: skipped record .users[2]: "name" is a number, expected a string"#])
        }

        @Test func recordWithoutPathIsJustRecord() throws {
            let source = MockRecordSource([.unusable(reason: "bad")])
            source.pathPrefix = nil
            let (_, _, warnings) = try ServiceTests.load(source)
            #expect(warnings == ["mock.json:3:17: skipped record: bad"])
        }

        @Test func strictTurnsTheFirstBadRecordIntoADataError() throws {
            let source = MockRecordSource(batches: [
                [.user(User(id: "1"))],
                [.unusable(reason: "expected a user object, found a number"), .user(User(id: " "))],
                [.user(User(id: "4"))],
            ])
            var seen: [String] = []
            let warnings = CollectedWarnings()
            let service = UserService(source: source, strict: true, warnings: warnings)
            let error = try #require(throws: UserlistError.self) {
                try service.loadUsers { seen.append($0.id) }
            }
            #expect(error.kind == .data)
            #expect(error.message == "mock.json:3:17: record .users[0] is not a usable user: expected a user object, found a number")
            #expect(seen == ["1"])
            #expect(warnings.messages.isEmpty)
        }

        @Test func strictBlankId() throws {
            let source = MockRecordSource([.user(User(id: "  ", name: "Ann"))])
            let error = try #require(throws: UserlistError.self) { try ServiceTests.load(source, strict: true) }
            #expect(error.message == #"mock.json:3:17: record .users[0] is not a usable user: no "id""#)
        }

        @Test func strictWithOnlyGoodRecordsLoadsThemAll() throws {
            let (users, report, warnings) = try ServiceTests.load(MockRecordSource(users: [Fixtures.alice, Fixtures.bob]), strict: true)
            #expect(users == [Fixtures.alice, Fixtures.bob])
            #expect(report.skipped == 0)
            #expect(warnings.isEmpty)
        }

        @Test func warningLimitListsTheFirstThenSummarises() throws {
            var records: [SourceRecord] = []
            for i in 0..<5 {
                records.append(.unusable(reason: "bad \(i)"))
                records.append(.user(User(id: "u\(i)")))
            }
            let (users, report, warnings) = try ServiceTests.load(MockRecordSource(records), warningLimit: 2)
            #expect(users.count == 5)
            #expect(report.skipped == 5)
            #expect(warnings == [
                "mock.json:3:17: skipped record .users[0]: bad 0",
                "mock.json:3:17: skipped record .users[2]: bad 1",
                "skipped 5 records in all that could not become users (the first 2 are listed above)",
            ])
        }

        @Test func exactlyAtTheLimitNoSummary() throws {
            let records: [SourceRecord] = [.unusable(reason: "a"), .unusable(reason: "b")]
            let (_, _, warnings) = try ServiceTests.load(MockRecordSource(records), warningLimit: 2)
            #expect(warnings.count == 2)
            #expect(!warnings.contains { $0.hasPrefix("skipped 2 records") })
        }

        @Test func defaultLimitIsTwenty() throws {
            let records = (0..<25).map { SourceRecord.unusable(reason: "bad \($0)") }
            let warnings = CollectedWarnings()
            try UserService(source: MockRecordSource(records), warnings: warnings).loadUsers { _ in }
            #expect(warnings.messages.count == 21)
            #expect(warnings.messages.last == "skipped 25 records in all that could not become users (the first 20 are listed above)")
        }
    }

    /// Dedupe by id: the first occurrence wins; later ones are counted and summarised once.
    @Suite struct DedupeTests {
        @Test func firstOccurrenceWins() throws {
            let source = MockRecordSource(users: [
                User(id: "1", name: "First"), User(id: "2", name: "Bob"), User(id: "1", name: "Second"), User(id: "1", name: "Third"),
            ])
            let (users, report, warnings) = try ServiceTests.load(source)
            #expect(users == [User(id: "1", name: "First"), User(id: "2", name: "Bob")])
            #expect(report == LoadReport(recordsRead: 4, usersLoaded: 2, skipped: 0, duplicates: 2))
            #expect(warnings == ["dropped 2 records with a duplicate id (the first occurrence of each id is kept)"])
        }

        @Test func singleDuplicateIsSingular() throws {
            let (_, report, warnings) = try ServiceTests.load(MockRecordSource(users: [User(id: "a"), User(id: "a")]))
            #expect(report.duplicates == 1)
            #expect(warnings == ["dropped 1 record with a duplicate id (the first occurrence of each id is kept)"])
        }

        @Test func idsAreComparedAfterTrimming() throws {
            let (users, report, _) = try ServiceTests.load(MockRecordSource(users: [User(id: "1", name: "Ann"), User(id: " 1 ", name: "Other")]))
            #expect(users == [User(id: "1", name: "Ann")])
            #expect(report.duplicates == 1)
        }

        @Test func idsAreCaseSensitiveAndExact() throws {
            let (users, report, warnings) = try ServiceTests.load(MockRecordSource(users: [User(id: "u1"), User(id: "U1"), User(id: "01"), User(id: "1")]))
            #expect(users.map(\.id) == ["u1", "U1", "01", "1"])
            #expect(report.duplicates == 0)
            #expect(warnings.isEmpty)
        }

        @Test func canonicallyEquivalentButDifferentIdsAreDistinct() throws {
            // "café" precomposed (U+00E9) and decomposed (e + U+0301) are different JSON strings, as jq's
            // `unique` sees them; dedupe compares ids byte for byte, not by Unicode canonical equivalence.
            let users = [User(id: "caf\u{E9}", name: "Precomposed"), User(id: "cafe\u{301}", name: "Decomposed")]
            let (loaded, report, _) = try ServiceTests.load(MockRecordSource(users: users))
            #expect(loaded.count == 2)
            #expect(report.duplicates == 0)
        }

        @Test func duplicatesAcrossBatches() throws {
            let source = MockRecordSource(batches: [
                [.user(User(id: "1", name: "A"))],
                [.user(User(id: "2", name: "B")), .user(User(id: "1", name: "C"))],
                [.user(User(id: "2", name: "D"))],
            ])
            let (users, report, _) = try ServiceTests.load(source)
            #expect(users.compactMap(\.name) == ["A", "B"])
            #expect(report.duplicates == 2)
        }

        @Test func skippedAndDuplicateSummariesBothAppear() throws {
            let records: [SourceRecord] = [.unusable(reason: "x"), .unusable(reason: "y"), .user(User(id: "1")), .user(User(id: "1"))]
            let (_, report, warnings) = try ServiceTests.load(MockRecordSource(records), warningLimit: 1)
            #expect(report == LoadReport(recordsRead: 4, usersLoaded: 1, skipped: 2, duplicates: 1))
            #expect(warnings == [
                "mock.json:3:17: skipped record .users[0]: x",
                "skipped 2 records in all that could not become users (the first 1 are listed above)",
                "dropped 1 record with a duplicate id (the first occurrence of each id is kept)",
            ])
        }
    }

    /// Order, batching and errors.
    @Suite struct FlowTests {
        @Test func inputOrderIsPreservedAcrossBatches() throws {
            let ids = (1...50).map { String(51 - $0) }
            let batches = stride(from: 0, to: 50, by: 7).map { start in
                ids[start..<min(start + 7, 50)].map { SourceRecord.user(User(id: $0)) }
            }
            let (users, report, warnings) = try ServiceTests.load(MockRecordSource(batches: batches))
            #expect(users.map(\.id) == ids)
            #expect(report == LoadReport(recordsRead: 50, usersLoaded: 50))
            #expect(warnings.isEmpty)
        }

        @Test func sourceErrorPropagatesAfterEarlierBatches() throws {
            let source = MockRecordSource(batches: [[.user(User(id: "1"))], [.user(User(id: "2"))], [.user(User(id: "3"))]], failAfter: 2)
            source.error = UserlistError(.data, Diagnostic(.syntax, at: SourceLocation(input: "users.json", line: 40, column: 3), "unexpected end of input: unclosed array"))
            var seen: [String] = []
            let service = UserService(source: source, warnings: CollectedWarnings())
            let error = try #require(throws: UserlistError.self) { try service.loadUsers { seen.append($0.id) } }
            #expect(error == source.error)
            #expect(seen == ["1", "2"])
        }

        @Test func noInputErrorPropagatesUnchanged() throws {
            let source = MockRecordSource(batches: [], failAfter: 0)
            source.error = UserlistError(.noInput, Diagnostic(.unreadableInput, input: "missing.json", "No such file or directory"))
            let error = try #require(throws: UserlistError.self) { try ServiceTests.load(source) }
            #expect(error.kind == .noInput)
            #expect(error.exitCode == 66)
        }

        /// The consumer's error stops the load and comes out as it was thrown (typed throws: the
        /// Service does not wrap it).
        @Test func consumerErrorStopsLoading() throws {
            let stop = UserlistError(.output, Diagnostic(.unwritableOutput, input: "out.csv", "write error: No space left on device"))
            var seen = 0
            let service = UserService(source: MockRecordSource(users: Fixtures.numbered(5)), warnings: CollectedWarnings())
            let error = try #require(throws: UserlistError.self) {
                try service.loadUsers { _ throws(UserlistError) in
                    seen += 1
                    if seen == 2 { throw stop }
                }
            }
            #expect(error == stop)
            #expect(seen == 2)
        }

        @Test func emptySourceLoadsNothing() throws {
            let (users, report, warnings) = try ServiceTests.load(MockRecordSource(batches: [[], []]))
            #expect(users.isEmpty)
            #expect(report == LoadReport())
            #expect(warnings.isEmpty)
        }

        @Test func eachLoadReadsTheSourceAgain() throws {
            let source = MockRecordSource(users: [Fixtures.alice])
            let service = UserService(source: source, warnings: CollectedWarnings())
            var count = 0
            try service.loadUsers { _ in count += 1 }
            try service.loadUsers { _ in count += 1 }
            #expect(source.readCount == 2)
            #expect(count == 2)
        }

        @Test func batchesFollowTheSourceBatches() throws {
            let source = MockRecordSource(batches: [
                [.user(User(id: "1")), .unusable(reason: "x"), .user(User(id: "2"))],
                [.user(User(id: "1")), .user(User(id: " "))],
                [.user(User(id: " 3 "))],
            ])
            var batches: [[String]] = []
            let report = try UserService(source: source, warnings: CollectedWarnings()).loadUserBatches { batches.append($0.map(\.id)) }
            #expect(batches.flatMap { $0 } == ["1", "2", "3"])
            #expect(batches.count == 3)
            #expect(batches.first == ["1", "2"])
            #expect(report == LoadReport(recordsRead: 6, usersLoaded: 3, skipped: 2, duplicates: 1))
        }

        @Test func protocolGroupsUsersIntoBatchesOf4096() throws {
            // MockUserService implements only loadUsers; the protocol's default groups its users.
            let service = MockUserService(mockUsers: Fixtures.numbered(5000))
            var sizes: [Int] = []
            var ids: [String] = []
            try service.loadUserBatches { batch in
                sizes.append(batch.count)
                ids += batch.map(\.id)
            }
            #expect(sizes == [4096, 904])
            #expect(ids == (1...5000).map(String.init))
        }

        @Test func protocolBatchesNothingForNoUsers() throws {
            var calls = 0
            try MockUserService().loadUserBatches { _ in calls += 1 }
            #expect(calls == 0)
        }

        @Test func serviceOverTheRealGateway() throws {
            let dir = TemporaryDirectory()
            let path = dir.write("users.json", #"{"users":[{"id":1,"name":"  Ann "},{"id":2,"name":42},{"name":"No id"},{"id":"1","name":"Dup"}],"total":4}"#)
            let warnings = CollectedWarnings()
            var users: [User] = []
            let report = try UserService(source: UserGateway(inputs: [.file(path)]), warnings: warnings).loadUsers { users.append($0) }
            #expect(users == [User(id: "1", name: "Ann")])
            #expect(report == LoadReport(recordsRead: 4, usersLoaded: 1, skipped: 2, duplicates: 1))
            #expect(warnings.messages == [
                #"\#(path):1:36: skipped record .users[1]: "name" is a number, expected a string"#,
                #"\#(path):1:55: skipped record .users[2]: no "id""#,
                "dropped 1 record with a duplicate id (the first occurrence of each id is kept)",
            ])
        }
    }
}
