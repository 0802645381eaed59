import Testing
@testable import UserListKit

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
}
