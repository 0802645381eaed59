import Foundation
import Testing
@testable import UserListRendering
@testable import UserListService
import UserListDomain
@testable import UserListGateway
import UserListInput
@testable import UserListDiff
@testable import UserListJQ
import UserListTestSupport

@Suite enum DiffTests {}

/// Runs diffs over NDJSON text through the real Gateway and Service, as `userlist diff` does.
struct DiffHarness {
    let dir = TemporaryDirectory()
    let warnings = CollectedWarnings()

    /// The diff of `old` and `new` (NDJSON lines), compared on `fields`.
    func diff(old: [String], new: [String], fields: ComparedFields = .all) throws -> DiffResult {
        let oldPath = dir.write("old.ndjson", old.joined(separator: "\n") + "\n")
        let newPath = dir.write("new.ndjson", new.joined(separator: "\n") + "\n")
        return try UserDiff(old: Self.side([.file(oldPath)]), new: Self.side([.file(newPath)]), fields: fields, warnings: warnings).run()
    }

    static func side(_ inputs: [InputSource]) -> UserDiff.Side {
        { fields, warnings in
            var gateway = UserGateway(inputs: inputs)
            gateway.fields = fields
            return UserService(source: gateway, warnings: warnings)
        }
    }
}

extension DiffResult {
    /// Every entry, walked once.
    var entries: [DiffEntry] {
        var all: [DiffEntry] = []
        try! forEachEntry { all.append($0) }
        return all
    }

    /// `change id` per entry, in order.
    var outline: [String] { entries.map { "\($0.change.rawValue) \($0.id)" } }
}

extension DiffTests {
    @Suite struct ClassificationTests {
        let harness = DiffHarness()

        @Test func addedRemovedAndChangedUsersAreFoundByID() throws {
            let result = try harness.diff(
                old: [#"{"id":1,"name":"Ada","email":"ada@example.com"}"#,
                      #"{"id":2,"name":"Grace","email":"grace@example.com","address":{"city":"Arlington"}}"#,
                      #"{"id":3,"name":"Alan"}"#],
                new: [#"{"id":1,"name":"Ada","email":"ada@example.com"}"#,
                      #"{"id":2,"name":"Grace","email":"grace.hopper@example.com","address":{"city":"New York"}}"#,
                      #"{"id":4,"name":"Linus"}"#])
            #expect(result.counts == DiffCounts(added: 1, removed: 1, changed: 1))
            #expect(result.outline == ["changed 2", "added 4", "removed 3"])
            let changed = result.entries[0]
            #expect(changed.changes == [
                FieldChange(field: .email, old: "grace@example.com", new: "grace.hopper@example.com"),
                FieldChange(field: .city, old: "Arlington", new: "New York"),
            ])
            #expect(result.entries[1].new?.name == "Linus")
            #expect(result.entries[1].old == nil)
            #expect(result.entries[2].old?.name == "Alan")
            #expect(result.entries[2].new == nil)
        }

        @Test func identicalExportsHaveNoEntries() throws {
            let lines = [#"{"id":1,"name":"Ada"}"#, #"{"id":2,"name":"Grace"}"#]
            let result = try harness.diff(old: lines, new: lines.reversed())
            #expect(result.counts.isEmpty)
            #expect(result.entries.isEmpty)
        }

        @Test func aFieldThatAppearsOrGoesIsAChangeFromOrToNull() throws {
            let result = try harness.diff(
                old: [#"{"id":1,"name":"Ada","phone":"555"}"#],
                new: [#"{"id":1,"name":"Ada","website":"ada.dev"}"#])
            #expect(result.entries.first?.changes == [
                FieldChange(field: .phone, old: "555", new: nil),
                FieldChange(field: .website, old: nil, new: "ada.dev"),
            ])
        }

        @Test func valuesAreComparedAfterNormalising() throws {
            // Trimmed strings, an empty string as missing, an empty address as none.
            let result = try harness.diff(
                old: [#"{"id":1,"name":"Ada","bio":null,"address":null}"#],
                new: [#"{"id":1,"name":"  Ada ","bio":"","address":{"city":" "}}"#])
            #expect(result.counts.isEmpty)
        }

        @Test func emptySidesAreAllAddedOrAllRemoved() throws {
            let added = try harness.diff(old: [], new: [#"{"id":1}"#, #"{"id":2}"#])
            #expect(added.outline == ["added 1", "added 2"])
            let removed = try harness.diff(old: [#"{"id":1}"#, #"{"id":2}"#], new: [])
            #expect(removed.outline == ["removed 1", "removed 2"])
        }
    }

    @Suite struct OrderTests {
        let harness = DiffHarness()

        @Test func entriesFollowNewThenRemovedInOldOrder() throws {
            let result = try harness.diff(
                old: ["9", "1", "5", "3", "7"].map { #"{"id":\#($0),"name":"x\#($0)"}"# },
                new: [#"{"id":7,"name":"changed"}"#, #"{"id":20}"#, #"{"id":1,"name":"x1"}"#, #"{"id":10}"#, #"{"id":3,"name":"changed"}"#])
            // NEW's order for added and changed; then OLD's order (9 before 5), not the ids'.
            #expect(result.outline == ["changed 7", "added 20", "added 10", "changed 3", "removed 9", "removed 5"])
        }

        @Test func walkingTwiceGivesTheSameEntries() throws {
            let result = try harness.diff(old: [#"{"id":1,"name":"a"}"#, #"{"id":2}"#], new: [#"{"id":1,"name":"b"}"#, #"{"id":3}"#])
            #expect(result.outline == result.outline)
            #expect(result.outline == ["changed 1", "added 3", "removed 2"])
        }
    }

    @Suite struct DuplicateTests {
        let harness = DiffHarness()

        @Test func theFirstOccurrenceOfAnIDWinsOnEachSide() throws {
            let result = try harness.diff(
                old: [#"{"id":1,"name":"Ada"}"#, #"{"id":1,"name":"Other"}"#, #"{"id":2,"name":"Grace"}"#],
                new: [#"{"id":1,"name":"Ada"}"#, #"{"id":2,"name":"Grace H"}"#, #"{"id":2,"name":"Grace"}"#, #"{"id":1,"name":"Later"}"#])
            #expect(result.outline == ["changed 2"])
            #expect(result.entries.first?.changes == [FieldChange(field: .name, old: "Grace", new: "Grace H")])
            #expect(harness.warnings.messages == [
                "old: dropped 1 record with a duplicate id (the first occurrence of each id is kept)",
                "new: dropped 2 records with a duplicate id (the first occurrence of each id is kept)",
            ])
        }

        @Test func recordsWithoutAnIDAreWarnedAboutOnceEachSide() throws {
            let result = try harness.diff(old: [#"{"name":"no id"}"#, #"{"id":1}"#], new: [#"{"id":1}"#, #"{"email":"x@example.com"}"#])
            #expect(result.counts.isEmpty)
            #expect(harness.warnings.messages.count == 2)
            #expect(harness.warnings.messages[0].hasPrefix("old: "))
            #expect(harness.warnings.messages[0].hasSuffix(#": no "id""#))
            #expect(harness.warnings.messages[1].hasPrefix("new: "))
        }

        @Test func oldWarningsAreGivenOnceWhenSomethingChanged() throws {
            let result = try harness.diff(old: [#"{"name":"no id"}"#, #"{"id":1,"name":"a"}"#, #"{"id":1}"#], new: [#"{"id":1,"name":"b"}"#])
            #expect(result.outline == ["changed 1"])
            #expect(harness.warnings.messages.filter { $0.hasPrefix("old: ") }.count == 2)
        }
    }

    @Suite struct FieldsTests {
        let harness = DiffHarness()
        let old = [#"{"id":1,"name":"Ada","email":"ada@example.com","address":{"city":"London","geo":{"lat":"51.5","lng":"-0.1"}}}"#]
        let new = [#"{"id":1,"name":"Ada","email":"ada@example.org","address":{"city":"London","geo":{"lat":"51.6","lng":"-0.1"}}}"#]

        @Test func onlyTheChosenFieldsCount() throws {
            let cityOnly = try harness.diff(old: old, new: new, fields: ComparedFields(parsing: "address.city,name"))
            #expect(cityOnly.counts.isEmpty)
            let email = try harness.diff(old: old, new: new, fields: ComparedFields(parsing: "email"))
            #expect(email.entries.first?.changes == [FieldChange(field: .email, old: "ada@example.com", new: "ada@example.org")])
            let geo = try harness.diff(old: old, new: new, fields: ComparedFields(parsing: "address.geo"))
            #expect(geo.entries.first?.changes == [FieldChange(field: .lat, old: "51.5", new: "51.6")])
        }

        @Test func anAddedUserIsShownWholeWhateverTheFields() throws {
            let result = try harness.diff(old: [], new: new, fields: ComparedFields(parsing: "name"))
            #expect(result.entries.first?.new?.address?.geo?.lat == "51.6")
        }

        @Test func listsAreParsedInCanonicalOrderWithGroups() throws {
            #expect(try ComparedFields(parsing: "email,name").fields == [.name, .email])
            #expect(try ComparedFields(parsing: " company , phone").fields == [.phone, .companyName, .catchPhrase, .bs])
            #expect(try ComparedFields(parsing: "address").fields == [.street, .suite, .city, .zipcode, .lat, .lng])
            #expect(try ComparedFields(parsing: "email,email").fields == [.email])
            #expect(ComparedFields.all.fields.count == 16)
            #expect(!ComparedFields.all.fields.contains(.id))
        }

        @Test(arguments: [("age", "unknown field 'age'"), ("id", "unknown field 'id'"), ("address.country", "unknown field 'address.country'"),
                          ("Email", "unknown field 'Email'"), ("", "an empty name in ''"), ("email,", "an empty name in 'email,'")])
        func unknownOrEmptyNamesAreUsageErrorsNamingThem(_ list: String, _ message: String) {
            do {
                _ = try ComparedFields(parsing: list)
                Issue.record("accepted \(list)")
            } catch {
                #expect(error.exitCode == 64)
                #expect(error.message.hasPrefix("--fields: \(message)"))
            }
        }
    }

    @Suite struct IdentityTests {
        let harness = DiffHarness()

        @Test func numbersAndStringsAreTheSameIDAfterNormalising() throws {
            let result = try harness.diff(
                old: [#"{"id":1,"name":"a"}"#, #"{"id":"2","name":"b"}"#, #"{"id":3.0,"name":"c"}"#, #"{"id":9007199254740993,"name":"d"}"#],
                new: [#"{"id":"1","name":"a"}"#, #"{"id":2,"name":"b"}"#, #"{"id":"3","name":"c"}"#, #"{"id":"9007199254740993","name":"d"}"#])
            #expect(result.counts.isEmpty)
        }

        @Test func idsAreComparedByteForByte() throws {
            // "é" precomposed and e + U+0301 are two ids, as when deduplicating.
            let result = try harness.diff(old: [#"{"id":"ren\u00e9"}"#], new: [#"{"id":"rene\u0301"}"#])
            #expect(result.outline == ["added rene\u{301}", "removed ren\u{e9}"])
        }

        @Test func unicodeValuesAreComparedByBytesAndKeptExactly() throws {
            let result = try harness.diff(
                old: [#"{"id":1,"name":"Zo\u00eb M\u00fcller","address":{"city":"北京"}}"#, #"{"id":2,"name":"김민준"}"#],
                new: [#"{"id":1,"name":"Zoe\u0308 Mu\u0308ller","address":{"city":"上海"}}"#, #"{"id":2,"name":"김민준"}"#])
            // Canonically equivalent, but not the same bytes: a change, as String's == would not say.
            #expect(result.entries.first?.changes == [
                FieldChange(field: .name, old: "Zo\u{eb} M\u{fc}ller", new: "Zoe\u{308} Mu\u{308}ller"),
                FieldChange(field: .city, old: "北京", new: "上海"),
            ])
            let new = result.entries.first?.changes.first?.new ?? ""
            #expect(new.utf8.elementsEqual("Zoe\u{308} Mu\u{308}ller".utf8))
            #expect(result.outline == ["changed 1"])
        }
    }

    @Suite struct ReadingTests {
        @Test func eachSideIsReadOnceWithEveryField() throws {
            var reads: [String] = []
            let users = [User(id: "1", name: "a"), User(id: "2", name: "b")]
            func side(_ name: String, _ users: [User]) -> UserDiff.Side {
                { fields, _ in
                    reads.append("\(name) \(fields == .all)")
                    return MockUserService(mockUsers: users)
                }
            }
            let result = try UserDiff(old: side("old", users), new: side("new", [users[1]]), fields: ComparedFields(parsing: "name"), warnings: CollectedWarnings()).run()
            #expect(reads == ["old true", "new true"])
            #expect(result.outline == ["removed 1"])
            #expect(result.entries.first?.old == users[0])
        }

        @Test func anErrorOnEitherSideStopsTheDiff() {
            let failing = MockUserService(shouldFail: true)
            for (old, new) in [(failing, MockUserService()), (MockUserService(), failing)] {
                do {
                    _ = try UserDiff(old: { _, _ in old }, new: { _, _ in new }, warnings: CollectedWarnings()).run()
                    Issue.record("no error")
                } catch {
                    #expect(error.exitCode == 65)
                    #expect(error.message == failing.error.message)
                }
            }
        }
    }
}
