import Testing
import UserListDomain
@testable import UserListGateway
@_spi(Pipeline) import UserListJSON

@Suite struct UsersAtPathTests {
    @Test(arguments: [
        (".", [JSONPathComponent]()),
        (".users", [.key("users")]),
        (".data.items", [.key("data"), .key("items")]),
        (".results[0].people", [.key("results"), .index(0), .key("people")]),
        (".[2].b", [.index(2), .key("b")]),
        (".a[-1]", [.key("a"), .index(-1)]),
        (#"."the users".x"#, [.key("the users"), .key("x")]),
        (".données", [.key("données")]),
    ])
    func parses(text: String, expected: [JSONPathComponent]) throws {
        #expect(try UsersAtPath(parsing: text).components == expected)
    }

    @Test(arguments: ["", "users", ".a.", ".a[", ".a[x]", ".a..b", "..", ".a b", #"."open"#, ".1abc"])
    func rejects(text: String) {
        #expect(throws: UserlistError.self) { try UsersAtPath(parsing: text) }
    }

    @Test func describesItselfAsJQ() throws {
        #expect(try UsersAtPath(parsing: #".results[0]."the users""#).description == #".results[0]."the users""#)
    }
}
