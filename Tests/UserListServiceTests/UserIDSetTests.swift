import Testing
@testable import UserListService
import UserListDomain

extension ServiceTests {
    /// The dedupe set: ids are equal when their bytes are.
    @Suite struct UserIDSetTests {
        /// What each insert answered, in order (`#expect` can't call a mutating method itself).
        private func answers(_ ids: [String], into set: inout UserIDSet) -> [Bool] {
            ids.map { set.insert($0) }
        }

        @Test func secondInsertOfTheSameIdIsRefused() {
            var set = UserIDSet(minimumCapacity: 4)
            let uuid = "7a0eed16-9430-4d68-901f-c0d4c1c3bf00"
            let got = answers([uuid, uuid, "7a0eed16-9430-4d68-901f-c0d4c1c3bf01"], into: &set)
            #expect(got == [true, false, true])
            #expect(set.count == 2)
        }

        @Test func canonicallyEquivalentIdsWithOtherBytesStayApart() {
            var set = UserIDSet()
            #expect("jos\u{E9}" == "jose\u{301}")  // Swift's String would merge them
            let got = answers(["jos\u{E9}", "jose\u{301}", "jose\u{301}"], into: &set)
            #expect(got == [true, true, false])
        }

        @Test func shortLongAndEmptyIdsAreAllKept() {
            var set = UserIDSet()
            let ids = ["", "1", "u1", "00u1deo3bwREiofU15d6", String(repeating: "x", count: 300)]
            #expect(answers(ids, into: &set) == Array(repeating: true, count: ids.count))
            #expect(answers(ids, into: &set) == Array(repeating: false, count: ids.count))
        }

        @Test func growingKeepsEveryId() {
            var set = UserIDSet(minimumCapacity: 8)
            let ids = (0..<20_000).map { "00u\(String($0, radix: 16))-\($0 % 7)" }
            #expect(!answers(ids, into: &set).contains(false))
            #expect(set.count == ids.count)
            #expect(!answers(ids, into: &set).contains(true))
            #expect(answers(["not-yet-seen"], into: &set) == [true])
        }

        @Test func slicedStringsCompareByTheirBytes() {
            var set = UserIDSet()
            let sliced = String("id=abc123;".dropFirst(3).dropLast())
            #expect(answers([sliced, "abc123"], into: &set) == [true, false])
        }
    }
}
