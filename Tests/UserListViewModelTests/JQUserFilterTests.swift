import Testing
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

extension ViewModelTests {
    /// `--where` splits big batches between two workers; the second is compiled in the background.
    @Suite struct JQUserFilterTests {
        static let cities = ["Paris", "South Elvis", "北京", "Gwenborough"]
        /// 1,000 users: cities in turn, every 7th without an address, every 11th without a name.
        static let users = (0..<1000).map { i in
            User(
                id: "\(i)", name: i % 11 == 0 ? nil : "User \(i)", email: "u\(i)@example.com",
                address: i % 7 == 0 ? nil : Address(street: "Street \(i)", city: cities[i % cities.count], geo: Geo(lat: "\(i)")),
                company: Company(name: "Company \(i % 5)"))
        }

        @Test(arguments: [
            #".address.city == "Paris""#,
            // Fork points still hold the user after the first output: the release path.
            #".address.city == "Paris", .name"#,
            #"(.address.city == "北京") and (.company.name | endswith("3"))"#,
            // Errors for users without a name.
            #".name | ascii_downcase | startswith("user 1")"#,
            // Sees the whole user.
            #"tojson | contains("Street 12")"#,
        ])
        func twoWorkersAgreeWithOne(expression: String) throws {
            let one = try JQUserFilter(expression: expression, parallelism: 1)
            let two = try JQUserFilter(expression: expression, parallelism: 2)
            let expected = one.verdicts(for: Self.users).map { "\($0)" }
            #expect(two.verdicts(for: Self.users).map { "\($0)" } == expected)
            // Again, and a small batch (first worker only) in between.
            #expect(two.verdicts(for: Array(Self.users.prefix(10))).map { "\($0)" } == Array(expected.prefix(10)))
            #expect(two.verdicts(for: Self.users).map { "\($0)" } == expected)
            #expect(expected.contains("included") && expected.contains("excluded"))
        }

        @Test func truthyOutputsKeepAUserAsSelectDoes() throws {
            // jq's truth: anything but false and null, so `.name` keeps the named and
            // `select(.name != null)` (which outputs the user) does too.
            let named = Self.users.filter { $0.name != nil }.map(\.id)
            for expression in [".name", "select(.name != null)", ".name != null"] {
                let filter = try JQUserFilter(expression: expression, parallelism: 2)
                let kept = zip(Self.users, filter.verdicts(for: Self.users)).compactMap { user, verdict in
                    if case .included = verdict { user.id } else { nil }
                }
                #expect(kept == named, "\(expression)")
            }
            #expect(named.count > 0 && named.count < Self.users.count)
        }

        @Test func concurrentCallersEachTakeAWorker() async throws {
            let filter = try JQUserFilter(expression: #".address.city == "Paris""#, parallelism: 3)
            let expected = filter.verdicts(for: Self.users).map { "\($0)" }
            let results = await withTaskGroup(of: [String].self) { group in
                for _ in 0..<6 { group.addTask { filter.verdicts(for: Self.users).map { "\($0)" } } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 6)
            #expect(results.allSatisfy { $0 == expected })
        }

        @Test func aCompileErrorIsThrownAtOnce() {
            #expect(throws: UserlistError.self) { try JQUserFilter(expression: ".name ==", parallelism: 2) }
        }

        @Test func aFilterNeverUsedForABigBatchCanStillSummarise() throws {
            let filter = try JQUserFilter(expression: ".name", parallelism: 2)
            #expect(try filter.includes(Self.users[0]) == false)
            #expect(filter.summary() == nil)
        }
    }
}
