import Testing
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) @testable import UserListViewModel
@_spi(Pipeline) import UserListJSON

/// `--where` builds only the parts of the canonical user an expression can see. The reading must
/// never claim less than the expression sees: when in doubt it says `.all`.
@Suite struct JQFieldUsageTests {
    /// Expressions that may see the whole user (or that the reading won't vouch for).
    @Test(arguments: [
        // `.` itself, or every key of it.
        ".", ". == null", ".[]", ".[]?", "..", ".[0]", ". as $u | $u.name", "(.)", "[.]", ". | .name",
        "(.name, .) | length",
        // Keys that are not plain literals.
        #".["na" + "me"]"#, #".["name", "email"]"#, #".[.key]"#, #"."na\u006de""#, #"."\(.k)""#,
        // Functions see `.`, or run their arguments on it.
        "length", "keys", "tojson", "not", "select(.a)", "has(\"name\")", "to_entries", "paths",
        "getpath([\"name\"])", "path(.name)", "map_values(.)", "walk(.)", "error", "input", "empty",
        "@base64", #"@base64 "x""#, "$__loc__, length",
        // Object construction (`{name}` reads `.name`), interpolation, bindings, definitions.
        "{name}", #"{a: .name}"#, #""\(.name)""#, #".name == "\(.email)""#,
        ".name as $n | $n", "reduce .a as $x (0; . + $x)", "foreach .a as $x (0; 1)", "def f: .; f",
        "label $out | .a", #"import "a" as a; .x"#, #"include "a"; .x"#, ". as [$a] ?// $a | $a",
        // Assignments give back the whole user.
        ".name = 1", ".name |= 1", ".name += 1", ".name -= 1", ".name //= 1", ".name *= 2",
        // Comments, odd bytes, an empty program (which is `.`), text libjq would not compile.
        ".name # a comment", "# all comment", "", "   ", "!.name", ".name ;", ".name:", "(.name",
        ".name | (", ".name)", "if .a then .b", "try", "- ", ".a | {end: 1}",
        // A catch handler that looks at `.` is read as if `.` were the user.
        "try .a catch .",
        // `?//` is one token in jq 1.6.
        ".a?//.b",
    ])
    func wholeUser(expression: String) {
        #expect(JQFieldUsage(expression: expression) == .all, "\(expression)")
    }

    @Test(arguments: [
        (#".address.city == "South Elvis""#, [["address", "city"]]),
        (".name", [["name"]]),
        (".address | .city", [["address"]]),
        (#".address.city | ascii_downcase == "x""#, [["address", "city"]]),
        (#"(.email | endswith(".biz")) and .address.city == "Gwenborough""#, [["email"], ["address", "city"]]),
        (".a, .b | length", [["a"], ["b"]]),
        (".company.name == $company", [["company", "name"]]),
        ("if .name then .email else .phone end", [["name"], ["email"], ["phone"]]),
        ("if .a then .b elif .c then .d else .e end", [["a"], ["b"], ["c"], ["d"], ["e"]]),
        ("if .a | length > 1 then .b | not elif .c then .d else .e | tojson end | .z", [["a"], ["b"], ["c"], ["d"], ["e"]]),
        (#".address["city"]"#, [["address", "city"]]),
        (#".["name"]"#, [["name"]]),
        (#". ["name"]"#, [["name"]]),
        (#".["a"]["b"]"#, [["a", "b"]]),
        (#"."name""#, [["name"]]),
        (#"."a"."b""#, [["a", "b"]]),
        (#".a . "b""#, [["a", "b"]]),
        (".a .b", [["a", "b"]]),
        (".tags[]", [["tags"]]),
        (".tags[]? == 1", [["tags"]]),
        (".a[0].b", [["a"]]),
        (".a[.b]", [["a"], ["b"]]),
        (".a[1:.n]", [["a"], ["n"]]),
        (".a[:2] == .b[2:]", [["a"], ["b"]]),
        (".a[.b | length]", [["a"], ["b"]]),
        (#".address."\u0063ity""#, [["address"]]),
        (".a?.b?", [["a", "b"]]),
        (".a.b?.c", [["a", "b"]]),
        (".address.geo.lat", [["address", "geo"]]),
        (".a.b.c.d", [["a", "b"]]),
        (".and or .end", [["and"], ["end"]]),
        // Right of a pipe, anything goes: it runs on the left side's outputs.
        (".name | . as $x | $x", [["name"]]),
        ("(.name) | tojson", [["name"]]),
        (".name | tojson", [["name"]]),
        (#".name | "\(.)""#, [["name"]]),
        (".name | {if: 1, end: 2} | length", [["name"]]),
        (".name | def f: if . then 1 else 2 end; f", [["name"]]),
        (".a | .b | .c", [["a"]]),
        (".a and (.b | not)", [["a"], ["b"]]),
        ("(.a | (.x | .y)) + .b", [["a"], ["b"]]),
        ("(.a | length) > 1 and .b", [["a"], ["b"]]),
        (".a * 2 | . > 1, .b", [["a"]]),
        ("[.a, .b] == [1, 2]", [["a"], ["b"]]),
        ("([.a | length, .x] | add > 0) or .b", [["a"], ["b"]]),
        ("[.a | length, .x] | add > 0 or .b", [["a"]]),
        ("try .a catch .b", [["a"], ["b"]]),
        ("try .a catch .b | .c", [["a"], ["b"]]),
        ("(try .a catch \"x\") + .b", [["a"], ["b"]]),
        ("-.a > 1", [["a"]]),
        (#".a // "x""#, [["a"]]),
        ("$ENV.HOME == .name", [["name"]]),
        (#".name != null and .a.b >= 1.5e3 and .c % 2 == .5"#, [["name"], ["a", "b"], ["c"]]),
        (#".name == "a \"quoted\" # not a comment""#, [["name"]]),
        // Nothing of the user at all.
        ("true", []),
        ("$__loc__.line == 1", []),
        ("$ __loc__", []),
        (#""a" | .b"#, []),
        ("$x | .a", []),
        ("$__loc__ | length, length", []),
        ("[] | length", []),
    ] as [(String, [[String]])])
    func paths(expression: String, paths: [[String]]) {
        #expect(JQFieldUsage(expression: expression) == .paths(Set(paths)), "\(expression)")
    }

    /// Which builder fields a usage turns into.
    @Test(arguments: [
        ([["address", "city"]], [.object(.address), .init(.city)]),
        ([["address"]], .whole(.address)),
        ([["address", "geo"]], [.object(.address), .whole(.geo)]),
        ([["address", "geo", "lat"]], [.object(.address), .whole(.geo)]),
        ([["address", "nowhere"]], [.object(.address)]),
        ([["company", "name"]], [.object(.company), .init(.companyName)]),
        ([["company"], ["name"]], [.whole(.company), .init(.name)]),
        ([["name", "first"]], [.init(.name)]),
        ([["nowhere"], ["nowhere", "city"]], []),
        ([["id"], ["email"], ["bio"]], [.init(.id), .init(.email), .init(.bio)]),
        ([], []),
    ] as [([[String]], CanonicalUserBuilder.Fields)])
    func fields(paths: [[String]], fields: CanonicalUserBuilder.Fields) {
        #expect(CanonicalUserBuilder.Fields(.paths(Set(paths))) == fields, "\(paths)")
    }

    @Test func allIsEveryField() {
        #expect(CanonicalUserBuilder.Fields(.all) == .all)
    }

    @Test func theFilterDecidesOnceFromTheExpression() throws {
        #expect(try JQUserFilter(expression: #".address.city == "South Elvis""#).fields == [.object(.address), .init(.city)])
        #expect(try JQUserFilter(expression: "length > 0").fields == .all)
    }
}

extension JQFieldUsageTests {
    /// Building only what the reading asks for is invisible: for every expression it accepts, each
    /// user gives the same outputs, the same error message and the same verdict as the whole user.
    @Suite struct Equivalence {
        static let users = [
            CanonicalUserBuilderTests.full, CanonicalUserBuilderTests.bare, CanonicalUserBuilderTests.noGeo,
            CanonicalUserBuilderTests.other,
            User(
                id: "5", name: "Zoë Müller 😀", username: "", email: "zoe@müller.de", bio: "Line 1\nLine 2",
                address: Address(street: "", city: "São Paulo", zipcode: "01000", geo: nil),
                company: Company(name: "Ünïcödé LLC", catchPhrase: "", bs: nil)),
            User(id: "6", website: "x.io", address: Address(), company: Company()),
        ]

        static let expressions = [
            #".address.city == "South Elvis""#, #".address.city == "Gwenborough""#, ".address.city", ".address",
            ".address.geo", ".address.geo.lat", ".address.geo.lat | tonumber", ".address[]", ".address | keys",
            ".address | tojson", ".address | .city", ".company | length", ".company.name | test(\"LLC\")",
            ".name.first", ".address.city.x", ".address.city?.x", ".address.city + 1", ".address + 1",
            ".company - .company", ".address.street, .address.zipcode", "[.id, .email] | tojson",
            ".address.city | try error catch (\"caught: \" + .)", "try .address.city.x catch .company.name",
            "if .address.geo then .address.geo.lat else .company.bs end", ".address.city // .company.name",
            ".bio == null and .avatarURL == null", #".address["city"] | ascii_downcase"#, #".["name"] | length"#,
            ".company.catchPhrase | split(\" \") | length", "$__loc__.line", "true", ".id | tonumber > 2",
            ".foo", ".address.foo", ".company.foo.bar", #".name | . as $n | $n + "!""#,
            #"(.email | endswith(".biz")) and .address.city == "Gwenborough""#, ".address.zipcode[0:2]",
            ".address | .geo | .lng", "[.address.city, .company.name] | map(. // \"-\") | join(\",\")", ".name.x?",
            ".company.name == $company", "$ARGS.named[.id]", ".address.geo[]?", "-.address.geo.lat",
            ".name, .email, .username, .phone, .website, .bio, .avatarURL", ".address.suite | length",
            ".address.city | ascii_downcase as $c | $c", ".company.bs * 2", ".address.geo.lng < .address.geo.lat",
        ]

        /// Every output (as JSON text) and the error that ended the run, if any.
        struct Run: Equatable {
            var outputs: [String] = []
            var error: String?
        }

        static func run(_ program: JQProgram, _ input: consuming JQValue) -> Run {
            var run = Run()
            do {
                try program.run(input) { output in
                    run.outputs.append(output.json())
                    return true
                }
            } catch {
                run.error = "\(error)"
            }
            return run
        }

        /// The builder's rule on any JSON: keys outside the paths become `null`, an object named by a
        /// two-key path keeps only those keys, anything a path names is kept whole.
        static let sparseInput = """
            if type != "object" then . else with_entries(
                .key as $k | [$paths[] | select(.[0] == $k)] as $mine
                | if $mine == [] then .value = null
                  elif any($mine[]; length == 1) then .
                  elif (.value | type) == "object" then
                    .value |= with_entries(.key as $j | if any($mine[]; .[1] == $j) then . else .value = null end)
                  else . end) end
            """

        /// jq 1.6's own test programs, on their own inputs: every one the reading accepts gives the
        /// same outputs and errors on the input with everything else nulled out.
        @Test(.enabled(if: PeerTestFiles.available, PeerTestFiles.skipReason))
        func jqsOwnTestProgramsAgree() throws {
            var checked: [String] = []
            for file in JQPeerTests.files {
                for testCase in try JQPeerTests.cases(file) {
                    guard case .outputs(let input, _) = testCase.expectation,
                        case .paths(let paths) = JQFieldUsage(expression: testCase.program),
                        let program = try? JQProgram(testCase.program),
                        case .success(let value) = JQValue.parse(input)
                    else { continue }
                    var list = JQValue.array()
                    for path in paths {
                        var keys = JQValue.array()
                        for key in path { keys.append(.string(key)) }
                        list.append(keys)
                    }
                    var variables = JQVariables()
                    try variables.bind("paths", json: list.json())
                    guard let sparse = try JQProgram(Self.sparseInput, variables: variables).first(value.copy()) else {
                        Issue.record("\(testCase.location): no sparse input")
                        continue
                    }
                    #expect(Self.run(program, sparse) == Self.run(program, value.copy()), "\(testCase.location): \(testCase.program) on \(input)")
                    checked.append(testCase.program)
                }
            }
            print("JQFieldUsage: \(checked.count) of jq 1.6's test programs read as paths: \(checked)")
            #expect(checked.count >= 20)
        }

        @Test(arguments: expressions)
        func sparseBuildingChangesNothing(expression: String) throws {
            let usage = JQFieldUsage(expression: expression)
            try #require(usage != .all, "the reading should accept \(expression)")
            var variables = JQVariables()
            variables.bind("company", string: "Ünïcödé LLC")
            let program = try JQProgram(expression, variables: variables)
            let full = CanonicalUserBuilder()
            let sparse = CanonicalUserBuilder(fields: CanonicalUserBuilder.Fields(usage))
            #expect(sparse.fields != .all)
            var reused = sparse.reusableValue()
            var expected: [String] = []
            for user in Self.users + Self.users.reversed() {
                let whole = Self.run(program, full.build(user))
                #expect(Self.run(program, sparse.build(user)) == whole, "user \(user.id)")
                // The reused value, as the filter uses it.
                reused.fill(from: user)
                #expect(Self.run(program, reused.object.copy()) == whole, "user \(user.id), reused")
                program.releaseInput()
                let verdict: FilterVerdict
                if let error = whole.error, whole.outputs.isEmpty {
                    verdict = .failed(error)
                } else {
                    switch whole.outputs.first {
                    case "false"?, "null"?, nil: verdict = .excluded
                    case _?: verdict = .included  // jq's truth: anything but false and null
                    }
                }
                expected.append("\(verdict)")
            }
            let filter = try JQUserFilter(expression: expression, variables: variables, parallelism: 1)
            #expect(filter.fields == sparse.fields)
            #expect(filter.verdicts(for: Self.users + Self.users.reversed()).map { "\($0)" } == expected)
        }
    }
}
