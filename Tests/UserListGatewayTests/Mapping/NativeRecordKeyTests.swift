import Testing
@testable import UserListGateway

extension GatewayTests {
    /// ``NativeRecord/Key``: each of the tool's own keys is named by its bytes, and nothing else
    /// is — not a key that only starts or ends like one, differs in case, or has zero bytes after it.
    @Suite struct NativeRecordKeyTests {
        static let names: [(String, NativeRecord.Key)] = [
            ("id", .id), ("bio", .bio), ("name", .name), ("email", .email), ("phone", .phone), ("website", .website),
            ("address", .address), ("company", .company), ("username", .username), ("avatar_url", .avatarURL),
        ]

        static func key(_ text: String) -> NativeRecord.Key? {
            Array(text.utf8).withUnsafeBufferPointer { NativeRecord.Key($0) }
        }

        @Test func everyNameIsItsKey() {
            for (name, key) in Self.names { #expect(Self.key(name) == key, "\(name)") }
            #expect(Set(Self.names.map { "\($0.1)" }).count == NativeRecord.Key.allCases.count)
        }

        @Test func nothingElseIsAKey() {
            var others = ["", "i", "d", "ID", "Id", "ids", "nam", "names", "emai", "user", "usernames", "avatar",
                          "avatar_urls", "avatarurl", "webSite", "adress", "comp", "phon", "bi", "oib"]
            for (name, _) in Self.names {
                others += [name + "\u{0}", name + "\u{0}\u{0}", "\u{0}" + name, String(name.dropLast()), name + "x",
                           String(name.dropFirst()), name.uppercased(), String(name.reversed())]
            }
            for text in others where !Self.names.contains(where: { $0.0 == text }) {
                #expect(Self.key(text) == nil, "\(text.debugDescription)")
            }
        }
    }
}
