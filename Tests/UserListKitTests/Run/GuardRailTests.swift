import Testing
@_spi(Pipeline) @testable import UserListKit
import UserListDomain

/// Issue 22's guard rails: what a baseline counts, in each format userlist writes, and the
/// checks' boundaries (exactly N passes; a drop of exactly PCT passes).
@Suite struct GuardRailTests {
    private func count(_ text: String) -> (String, Int)? {
        BaselineCount.count(Array(text.utf8))
    }

    @Test func baselineFormats() {
        #expect(count("")! == ("empty", 0))
        #expect(count(#"{"state":"loaded","totalItems":137,"page":2,"pageSize":20,"totalPages":7,"hasMore":true,"items":[]}"#)! == ("json", 137))
        #expect(count("{\n  \"state\" : \"empty\",\n  \"totalItems\" : 0,\n  \"items\" : []\n}\n")! == ("json", 0))
        #expect(count(#"{"inputs":1,"records":9,"matched":7,"status":"ok"}"#)! == ("summary", 7))
        #expect(count(#"{"inputs":1,"records":9,"matched":null,"status":"failed"}"#)! == ("summary", -1))
        #expect(count("{\"id\":\"1\"}\n{\"id\":\"2\"}\n\n{\"id\":\"3\"}\n")! == ("ndjson", 3))
        #expect(count(#"{"id":"1","address.city":"Gwenborough","company.name":"Romaguera-Crona"}"#)! == ("ndjson", 1))
        #expect(count(#"[{"id":"1","title":"Ann"},{"id":"2","title":"Bob"}]"#)! == ("json", 2))
        // A quoted csv value's line break is inside its record; the header is not a user.
        #expect(count("id,title\r\n1,\"two\r\nlines\"\r\n2,b\r\n")! == ("csv", 2))
        // Without a header (--no-header), every record is a user.
        #expect(count("1,Ann\r\n2,Bob\r\n")! == ("csv", 2))
        #expect(count("id\tname\n1\tAnn\n2\tBob\n3\tCy\n")! == ("tsv", 3))
        #expect(count("ID  NAME\n1   Ann\npage 1 of 60 · 1,200 users\n")! == ("table", 1200))
        #expect(count("No users found\n")! == ("table", 0))
        #expect(count("| ID | Name |\n| --- | --- |\n| 1 | Ann |\n\npage 1 of 1 · 1 user\n")! == ("markdown", 1))
        #expect(count("<!doctype html><p><span class=\"count\">3 of 10 users</span></p>")! == ("html", 10))
    }

    @Test func notAnOutputOfUserlist() {
        #expect(count("# A README\nSome, words here\nand, more, commas\n") == nil)
        #expect(count("{\"id\": 1,") == nil)
        #expect(count("a\tb\nc\n") == nil)
        // An API's payload given by mistake: JSON, but no rows userlist writes.
        #expect(count(#"{"users":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}],"total":2}"#) == nil)
        #expect(count("{\"x\":1}\n") == nil)
        #expect(count("[1,2,3]") == nil)
        #expect(count("{\"id\":\"1\"}\n{\"id\":\"2\",\"login\":\"bo\"}\n") == nil)
    }

    @Test func boundariesPass() throws {
        let guards = RunGuards(minUsers: 10, maxUsers: 10, maxDrop: nil, baselinePath: nil)
        try guards.check(matched: 10, report: nil)
        #expect(throws: UserlistError.self) { try guards.check(matched: 9, report: nil) }
        #expect(throws: UserlistError.self) { try guards.check(matched: 11, report: nil) }
    }

    @Test func dropIsAgainstTheBaseline() {
        let guards = RunGuards(minUsers: nil, maxUsers: nil, maxDrop: 10, baselinePath: "b")
        #expect(guards.drop(to: 5) == nil, "no baseline read yet")
        #expect(RunGuards.number(12.5) == "12.5")
        #expect(RunGuards.number(10) == "10")
        #expect(RunGuards.number(-133.333) == "-133.33")
        #expect(RunGuards.number(0.05) == "0.05")
        #expect(RunGuards.number(-0.5) == "-0.5")
    }

    @Test func closestNames() {
        #expect(ClosestName.closest(to: "nmae", in: ["id", "name", "email"]) == "name")
        #expect(ClosestName.closest(to: "city", in: ["name", "address.city", "company.name"]) == "address.city")
        #expect(ClosestName.closest(to: "name", in: ["company.name", "name"]) == "name")
        #expect(ClosestName.closest(to: "zzzzzz", in: ["name", "email"]) == nil)
        #expect(ClosestName.closest(to: "fromat", in: ["format", "fields"]) == "format")
    }
}
