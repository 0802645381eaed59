import Testing
@_spi(Pipeline) import UserListJSON

extension DiagnosticsTests {
    /// Finding a value's offset by path (jq semantics) and spelling paths in jq syntax.
    struct JSONPathLocatorTests {
        static let document = """
            {
              "users": [
                {"id": 1, "name": "Leanne"},
                {"id": 2, "tags": ["a]", "}b"], "name": "Ervin"},
                { "id" : 3 , "address" : { "geo" : { "lat" : "-37.3" } } }
              ],
              "data": {"items": [[10, 20], {"deep": true}]},
              "total": 3
            }
            """

        /// A path and the text expected to start at the offset found.
        static let found: [([JSONPathComponent], String)] = [
            ([], "{\n  \"users\""),
            ([.key("users")], "[\n    {\"id\": 1"),
            ([.key("users"), .index(0)], #"{"id": 1, "name": "Leanne"}"#),
            ([.key("users"), .index(1), .key("name")], #""Ervin""#),  // past brackets inside strings
            ([.key("users"), .index(1), .key("tags"), .index(1)], #""}b""#),
            ([.key("users"), .index(2), .key("id")], "3 ,"),
            ([.key("users"), .index(2), .key("address"), .key("geo"), .key("lat")], #""-37.3""#),
            ([.key("users"), .index(-1), .key("id")], "3 ,"),
            ([.key("users"), .index(-3), .key("id")], "1,"),
            ([.key("data"), .key("items"), .index(0), .index(1)], "20]"),
            ([.key("data"), .key("items"), .index(1), .key("deep")], "true}"),
            ([.key("total")], "3\n}"),
        ]

        @Test(arguments: found)
        func findsValues(path: [JSONPathComponent], prefix: String) throws {
            let rest = try #require(locate(path, in: Self.document))
            #expect(rest.hasPrefix(prefix), "found \(rest.prefix(30))")
        }

        static let missing: [[JSONPathComponent]] = [
            [.key("nobody")],
            [.key("users"), .index(3)],
            [.key("users"), .index(-4)],
            [.key("users"), .key("id")],  // a key on an array
            [.index(0)],  // an index on an object
            [.key("total"), .key("x")],  // through a number
            [.key("users"), .index(0), .key("name"), .index(0)],  // through a string
            [.key("Users")],  // keys are case-sensitive
        ]

        @Test(arguments: missing)
        func returnsNilForMissingValues(path: [JSONPathComponent]) {
            #expect(locate(path, in: Self.document) == nil)
        }

        @Test func comparesKeysAfterUnescaping() {
            let text = #"{"we\"ird": 1, "caf\u00e9": 2, "\ud83d\ude00": 3, "a\/b": 4, "tab\there": 5, "café": 6}"#
            #expect(locate([.key("we\"ird")], in: text)?.first == "1")
            #expect(locate([.key("café")], in: text)?.first == "6")  // the later duplicate wins
            #expect(locate([.key("😀")], in: text)?.first == "3")
            #expect(locate([.key("a/b")], in: text)?.first == "4")
            #expect(locate([.key("tab\there")], in: text)?.first == "5")
            #expect(locate([.key(#"a\/b"#)], in: text) == nil)  // not the raw, escaped text
        }

        @Test func comparesKeysByBytesNotCanonicalEquivalence() {
            // "é" precomposed and "e" + combining acute are equal Swift Strings but different JSON keys.
            let text = "{\"e\u{301}\": 1, \"\u{E9}x\": 2}"
            #expect(locate([.key("\u{E9}")], in: text) == nil)
            #expect(locate([.key("e\u{301}")], in: text)?.first == "1")
        }

        @Test func lastDuplicateKeyWinsAsInJQ() {
            #expect(locate([.key("a")], in: #"{"a": 1, "b": 0, "a": 2}"#)?.first == "2")
        }

        @Test func findsInALaterDocumentOfAStream() {
            let text = Array("{\"a\":1}\n{\"a\":[7, 8]}\n".utf8)
            let offset = text.withUnsafeBytes { JSONPathLocator.offset(of: [.key("a"), .index(1)], inDocumentAt: 8, in: $0) }
            #expect(offset == 17)
            #expect(text.withUnsafeBytes { JSONPathLocator.offset(of: [], inDocumentAt: 7, in: $0) } == 8)  // skips white space
            #expect(text.withUnsafeBytes { JSONPathLocator.offset(of: [], inDocumentAt: 99, in: $0) } == nil)
        }

        @Test func skipsDeeplyNestedValues() {
            let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            let text = #"{"deep": "# + deep + #", "after": 42}"#
            #expect(locate([.key("after")], in: text)?.hasPrefix("42") == true)
        }

        @Test func findsManyPathsInOnePass() {
            let paths: [[JSONPathComponent]] = [
                [.key("users"), .index(2), .key("id")],
                [.key("users"), .index(0)],
                [.key("missing")],
                [.key("users"), .index(-1), .key("id")],
                [],
            ]
            let bytes = Array(Self.document.utf8)
            let together = bytes.withUnsafeBytes { JSONPathLocator.offsets(of: paths, inDocumentAt: 0, in: $0) }
            let oneByOne = paths.map { path in
                bytes.withUnsafeBytes { JSONPathLocator.offset(of: path, inDocumentAt: 0, in: $0) }
            }
            #expect(together == oneByOne)
            #expect(together[2] == nil)
            #expect(together[0] != nil && together[0] == together[3])
            #expect(together[4] == 0)
        }

        static let descriptions: [([JSONPathComponent], String)] = [
            ([], "."),
            ([.key("users")], ".users"),
            ([.key("users"), .index(3)], ".users[3]"),
            ([.key("data"), .key("items"), .index(0)], ".data.items[0]"),
            ([.key("weird key"), .index(2)], #"."weird key"[2]"#),
            ([.index(0)], ".[0]"),
            ([.index(0), .index(1), .key("id")], ".[0][1].id"),
            ([.index(-1)], ".[-1]"),
            ([.key("_id2")], "._id2"),
            ([.key("2x")], #"."2x""#),
            ([.key("")], #"."""#),
            ([.key("a-b")], #"."a-b""#),
            ([.key("café")], #"."café""#),
            ([.key("if")], #"."if""#),  // a jq keyword
            ([.key(#"say "hi"\"#)], #"."say \"hi\"\\""#),
            ([.key("line\nbreak\u{1}")], #"."line\nbreak\u0001""#),
        ]

        @Test(arguments: descriptions)
        func describesPathsInJQSyntax(path: [JSONPathComponent], expected: String) {
            #expect(JSONPathLocator.describe(path) == expected)
        }
    }
}

/// The text of `document` from the offset of the value at `path`, or nil when there is none.
private func locate(_ path: [JSONPathComponent], in document: String) -> Substring? {
    let bytes = Array(document.utf8)
    guard let offset = bytes.withUnsafeBytes({ JSONPathLocator.offset(of: path, inDocumentAt: 0, in: $0) }) else {
        return nil
    }
    return Substring(decoding: bytes[offset...], as: UTF8.self)
}
