import Testing
@_spi(Pipeline) import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension GatewayTests {
    /// Ids as the contract's strings, and records that cannot become users.
    @Suite struct UserGatewayRecordTests {
        let dir = TemporaryDirectory()

        private func ids(_ json: String) throws -> [String] {
            try GatewayTests.read(file: dir.write("ids.json", json)).users.map(\.id)
        }

        @Test(arguments: [
            ("1", "1"),
            ("1.0", "1"),
            ("-5", "-5"),
            ("0", "0"),
            ("9007199254740993", "9007199254740993"),
            ("9223372036854775807", "9223372036854775807"),
            ("18446744073709551615", "18446744073709551615"),
            (#""abc""#, "abc"),
            (#""007""#, "007"),
            (#""1.0""#, "1.0"),
            (#"" u 1 ""#, " u 1 "),
        ])
        func idBecomesString(json: String, expected: String) throws {
            #expect(try ids(#"[{"id":\#(json)}]"#) == [expected])
        }

        /// One rule for ids given as numbers with a fraction or an exponent (issue 11): only a
        /// non-zero whole number below 2^53 is one; the others are unusable records, not ids that
        /// collide (`1e-400` reads as 0) or split (`1e22` vs its 23 digits).
        @Test(arguments: [("2e3", "2000"), ("1.0", "1"), ("-4.0", "-4"), ("9007199254740991.0", "9007199254740991")])
        func wholeNumbersWithAnExponentAreIds(json: String, expected: String) throws {
            #expect(try ids(#"[{"id":\#(json)}]"#) == [expected])
            #expect(try ids(#"[{"id":\#(json),"name":"A","extra":true}]"#) == [expected], "the general mapping agrees")
        }

        @Test(arguments: ["1e-400", "1e22", "1.5", "0.0", "9007199254740992.0", "-1e300", "1e400", "-1.5e999"])
        func otherNumbersWithAFractionOrExponentAreNotIds(json: String) throws {
            for record in [#"{"id":\#(json)}"#, #"{"id":\#(json),"name":"A","extra":true}"#] {
                let read = try GatewayTests.read(file: dir.write("ids.json", "[\(record)]"))
                #expect(read.users.isEmpty, "\(record)")
                #expect(read.reasons.first?.contains("not a whole number an id can be exactly") == true, "\(record): \(read.reasons)")
            }
        }

        @Test(arguments: [
            #"[{"id":123456789012345678901234567890,"name":"Big"}]"#,
            #"[{"id":1,"name":"Big","followers":123456789012345678901234567890}]"#,
            #"[{"id":1,"name":"Huge","score":1e400}]"#,
        ])
        func numbersBeyond64BitsAreStillJSON(json: String) throws {
            // jq 1.6 reads these (as doubles); simdjson 3.0.1 rejects them, so the Gateway re-reads the
            // chunk with out-of-range numbers quoted: the input is accepted and an id keeps its digits.
            let path = dir.write("big.json", json)
            let users = try GatewayTests.read(file: path).users
            #expect(users.count == 1)
            #expect(users.first?.id.isEmpty == false)
        }

        @Test func anIdBeyond64BitsKeepsEveryDigit() throws {
            #expect(try ids(#"[{"id":123456789012345678901234567890}]"#) == ["123456789012345678901234567890"])
        }

        @Test func idNullIsEmpty() throws {
            #expect(try ids(#"[{"id":null,"name":"x"}]"#) == [""])
        }

        /// Records whose fields have the wrong JSON type, and the reason each gets.
        static let wrongTypes: [(String, String)] = [
            (#"{"id":true}"#, #""id" is a boolean, expected a string or a number"#),
            (#"{"id":[1]}"#, #""id" is an array, expected a string or a number"#),
            (#"{"id":{"v":1}}"#, #""id" is an object, expected a string or a number"#),
            (#"{"id":1,"name":42}"#, #""name" is a number, expected a string"#),
            (#"{"id":1,"email":true}"#, #""email" is a boolean, expected a string"#),
            (#"{"id":1,"username":["a"]}"#, #""username" is an array, expected a string"#),
            (#"{"id":1,"avatar_url":1}"#, #""avatar_url" is a number, expected a string"#),
            (#"{"id":1,"bio":{}}"#, #""bio" is an object, expected a string"#),
            (#"{"id":1,"phone":true}"#, #""phone" is a boolean, expected a string"#),
            (#"{"id":1,"website":3}"#, #""website" is a number, expected a string"#),
            (#"{"id":1,"address":"Main St"}"#, #""address" is a string, expected an object"#),
            (#"{"id":1,"company":[]}"#, #""company" is an array, expected an object"#),
            (#"{"id":1,"address":{"city":7}}"#, #""address.city" is a number, expected a string"#),
            (#"{"id":1,"address":{"geo":"x"}}"#, #""address.geo" is a string, expected an object"#),
            (#"{"id":1,"address":{"geo":{"lat":true}}}"#, #""address.geo.lat" is a boolean, expected a string"#),
            (#"{"id":1,"company":{"name":1}}"#, #""company.name" is a number, expected a string"#),
        ]

        /// `false` is no value where text or an object goes (Odoo's, PHP's empty fields).
        @Test func falseIsNoValue() throws {
            let read = try GatewayTests.read(file: dir.write("false.json", #"[{"id":1,"name":"Ana","email":false,"phone":false,"website":false,"address":false,"company":{"name":false}}]"#))
            #expect(read.reasons.isEmpty)
            #expect(read.users.map(\.id) == ["1"])
            #expect(read.users.first?.email == nil && read.users.first?.phone == nil)
        }

        @Test(arguments: wrongTypes)
        func wrongTypeIsUnusableWithReason(record: String, reason: String) throws {
            let read = try GatewayTests.read(file: dir.write("bad.json", "[\(record)]"))
            #expect(read.users.isEmpty)
            #expect(read.reasons == [reason])
        }

        @Test(arguments: [
            ("1", "expected a user object, found a number"),
            (#""Ann""#, "expected a user object, found a string"),
            ("null", "expected a user object, found a null"),
            ("[1]", "expected a user object, found an array"),
            ("true", "expected a user object, found a boolean"),
        ])
        func recordThatIsNotAnObject(element: String, reason: String) throws {
            let read = try GatewayTests.read(file: dir.write("bad.json", #"[{"id":1},\#(element),{"id":3}]"#))
            #expect(read.records.count == 3)
            #expect(read.users.map(\.id) == ["1", "3"])
            #expect(read.reasons == [reason])
            if case .unusable = read.records[1] {} else { Issue.record("the middle record should be unusable") }
        }

        @Test func unusableRecordsKeepTheirPlaceInOrder() throws {
            let read = try GatewayTests.read(file: dir.write("mixed.json", #"{"users":[{"id":1},{"id":2,"name":5},{"id":3},7]}"#))
            let kinds = read.records.map { record -> String in
                switch record {
                case .user(let user): user.id
                case .unusable: "x"
                case .malformed: "?"
                case .excluded: "-"
                case .keyed(let keyed): "keyed \(keyed.id)"
                }
            }
            #expect(kinds == ["1", "x", "3", "x"])
        }
    }
}
