import Foundation
import Testing
@testable import UserListService
import UserListDomain
@testable import UserListDiff
@testable import UserListRendering
@testable import UserListJQ
import UserListTestSupport

extension DiffTests {
    @Suite struct IDTableTests {
        @Test func findsEveryIDAcrossGrowthAndRefusesDuplicates() {
            var table = DiffIDTable(minimumCapacity: 4)
            let ids = (0..<50_000).map { $0.isMultiple(of: 3) ? "user-\($0)-\(String(repeating: "x", count: $0 % 40))" : String($0) }
            for (index, id) in ids.enumerated() {
                let inserted = table.insert(id, digest: UInt64(index), spoolOffset: index * 10)
                #expect(inserted)
            }
            let again = table.insert(ids[123], digest: 0)
            #expect(!again)
            #expect(table.count == ids.count)
            for (index, id) in ids.enumerated() where index.isMultiple(of: 7) {
                #expect(table.entry(for: id) == index)
                #expect(table.entries[index].digest == UInt64(index))
                #expect(table.entries[index].spoolOffset == index * 10)
            }
            #expect(table.entry(for: "missing") == nil)
            #expect(table.entry(for: "") == nil)
        }

        @Test func idsAreEqualOnlyWhenTheirBytesAre() {
            var table = DiffIDTable()
            let first = table.insert("ren\u{e9}", digest: 1)
            let second = table.insert("rene\u{301}", digest: 2)
            #expect(first && second)
            #expect(table.entry(for: "rene\u{301}") == 1)
        }
    }

    @Suite struct DigestTests {
        @Test func differsWhenAComparedFieldDoes() {
            let a = User(id: "1", name: "ab", email: nil)
            let fields = ComparedFields.all
            #expect(UserDigest.digest(a, fields: fields) == UserDigest.digest(User(id: "other", name: "ab"), fields: fields))
            #expect(UserDigest.digest(a, fields: fields) != UserDigest.digest(User(id: "1", name: "a", username: "b"), fields: fields))
            #expect(UserDigest.digest(a, fields: fields) != UserDigest.digest(User(id: "1", name: "ab", email: ""), fields: fields))
            #expect(UserDigest.digest(User(id: "1", name: "\u{e9}"), fields: fields) != UserDigest.digest(User(id: "1", name: "e\u{301}"), fields: fields))
            let nameOnly = try! ComparedFields(parsing: "name")
            #expect(UserDigest.digest(a, fields: nameOnly) == UserDigest.digest(User(id: "1", name: "ab", email: "x"), fields: nameOnly))
        }
    }

    @Suite struct SpoolTests {
        @Test func recordsComeBackAsWrittenInAnyOrder() throws {
            let spool = try UserSpool(name: "test")
            // Long bios, so records span more than one 256 KiB read window.
            let users = (0..<3000).map { n in
                User(id: "\(n)", name: n.isMultiple(of: 2) ? "Zoë Müller \(n)" : nil, bio: String(repeating: "張", count: n % 300),
                     address: n.isMultiple(of: 5) ? Address(city: "北京", geo: n.isMultiple(of: 10) ? Geo(lat: "1.5") : nil) : nil,
                     company: n.isMultiple(of: 7) ? Company(bs: "b") : nil)
            }
            var offsets: [Int] = []
            for (n, user) in users.enumerated() {
                if n.isMultiple(of: 2) {
                    offsets.append(try spool.append(tag: UInt8(n % 4), number: UInt32(n * 3), user: user))
                } else {
                    // Encoded elsewhere (a reading thread), appended as bytes.
                    var bytes: [UInt8] = []
                    UserSpool.encode(tag: UInt8(n % 4), number: UInt32(n * 3), user: user, into: &bytes)
                    offsets.append(try bytes.withUnsafeBytes { try spool.append(encoded: $0) })
                }
            }
            try spool.flush()
            for n in [2999, 0, 1500, 1499, 7, 2000, 1] {
                let record = try spool.record(at: offsets[n])
                #expect(record.tag == UInt8(n % 4))
                #expect(record.number == UInt32(n * 3))
                #expect(record.user == users[n])
                #expect(record.next == (n + 1 < users.count ? offsets[n + 1] : spool.length))
            }
        }
    }

    @Suite struct CanonicalJSONTests {
        @Test(arguments: [
            Fixtures.leanne,
            User(id: "1"),
            User(id: "7", name: "王芳 \"Fang\"\n", address: Address(city: "北京")),
            User(id: "8", address: Address(geo: Geo(lng: "2"))),
            User(id: "9", company: Company(catchPhrase: "tab\there")),
        ])
        func isWhatWhereSees(_ user: User) {
            let output = OutputWriter()
            CanonicalUserJSON.write(user, to: output)
            #expect(output.text == user.jqValue().json())
        }
    }
}
