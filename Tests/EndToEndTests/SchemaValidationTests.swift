import Foundation
import Testing

/// Issue 22: `userlist schema …` describes what userlist writes. Real outputs of several option
/// sets are validated against the printed schemas with a maintained validator (Python's
/// `jsonschema`, draft 2020-12; `.ci/run` installs it), and a broken output is shown to fail.
@Suite("JSON Schemas validate real outputs")
struct SchemaValidationTests {
    static let jsonschema: Bool = (try? CommandRunner.run("python3 -c 'import jsonschema'").status == 0) ?? false

    /// (schema arguments, the command whose standard output is validated, how it is read).
    static let cases: [(schema: String, command: String, mode: String)] = [
        ("row", "userlist Samples/jsonplaceholder-users.json -f ndjson", "ndjson"),
        ("row", "userlist Samples/export.ndjson -f ndjson --sort name", "ndjson"),
        ("row --fields id,name,email,address.city,address.geo.lat,company.name,bio", "userlist Samples/jsonplaceholder-users.json -f ndjson --fields id,name,email,address.city,address.geo.lat,company.name,bio", "ndjson"),
        ("list", "userlist Samples/jsonplaceholder-users.json -f json --page 2 --page-size 3", "json"),
        ("list", "userlist Samples/jsonplaceholder-users.json -f json --search zzzz", "json"),
        ("list --fields id,title,address.city", "userlist Samples/jsonplaceholder-users.json -f json --fields id,title,address.city --where '.address.city != null'", "json"),
        ("summary", "userlist Samples/nightly-export.ndjson --skip-bad-json -q -o /dev/null --summary - --min-users 1 --max-users 100", "json"),
        ("summary", "d=$(mktemp -d); userlist Samples/jsonplaceholder-users.json -f csv > $d/b.csv; userlist Samples/jsonplaceholder-users.json --search an --count --max-drop 10 --baseline $d/b.csv --summary /dev/stdout -q > $d/s.json; tail -1 $d/s.json; rm -r $d", "json"),
        ("summary", "userlist Samples/bad-truncated.json -o /dev/null --summary - 2>/dev/null", "json"),
        ("rejects", "userlist Samples/nightly-export.ndjson --skip-bad-json -q -o /dev/null --rejects -", "ndjson"),
        ("rejects", "userlist Samples/jsonplaceholder-users.json -q -o /dev/null --where 'if .id == \"4\" then error(\"boom\") else true end' --rejects - 2>/dev/null", "ndjson"),
        ("diff", "userlist diff Samples/diff/old.ndjson Samples/diff/new.ndjson -f ndjson -q", "ndjson"),
        ("diff", "userlist diff Samples/diff/old.ndjson Samples/diff/new.ndjson -f json -q | jq -c '.differences[]'", "ndjson"),
        ("diff", "userlist diff Samples/diff/old.ndjson Samples/diff/new.ndjson --where '.address.city != null' --fields email,bio -f ndjson -q", "ndjson"),
        ("diff-summary", "userlist diff Samples/diff/old.ndjson Samples/diff/new.ndjson -q -o /dev/null --summary -", "json"),
        ("diff-summary", "userlist diff Samples/diff/old.ndjson Samples/bad-truncated.json -q -o /dev/null --summary - 2>/dev/null", "json"),
        ("rejects", "userlist diff Samples/nightly-export.ndjson Samples/diff/new.ndjson --skip-bad-json -q -o /dev/null --rejects -", "ndjson"),
    ]

    @Test(.enabled(if: jsonschema, "Python's jsonschema is not installed (python3 -m pip install jsonschema): the schemas are not validated"),
          arguments: cases.indices)
    func realOutputIsValid(_ index: Int) throws {
        let (schema, command, mode) = Self.cases[index]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-schema-\(ProcessInfo.processInfo.processIdentifier)-\(index)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let printed = try CommandRunner.run("userlist schema \(schema)")
        #expect(printed.status == 0, "userlist schema \(schema): \(String(decoding: printed.stderr, as: UTF8.self))")
        try printed.stdout.write(to: directory.appendingPathComponent("schema.json"))
        let output = try CommandRunner.run(command)
        #expect(!output.stdout.isEmpty, "\(command) printed nothing")
        try output.stdout.write(to: directory.appendingPathComponent("data"))
        let check = try CommandRunner.run("python3 Tests/Schemas/validate.py \(directory.path)/schema.json \(directory.path)/data \(mode)")
        #expect(check.status == 0, "\(command) against schema \(schema): \(String(decoding: check.stderr, as: UTF8.self))")
    }

    /// The validation can fail: a row with a key the schema doesn't name, a summary missing a
    /// count, a diff entry with an unknown change are each refused.
    @Test(.enabled(if: jsonschema, "Python's jsonschema is not installed (python3 -m pip install jsonschema): the schemas are not validated"),
          arguments: [
            ("row", #"{"id":"1","title":"A","subtitle":null,"caption":null,"avatarURL":null,"initials":"A","extra":1}"#),
            ("row", #"{"id":1,"title":"A","subtitle":null,"caption":null,"avatarURL":null,"initials":"A"}"#),
            ("summary", #"{"inputs":1,"bytes":2,"records":0,"users":0,"rejected":0,"duplicates":0,"excluded":0,"matched":0,"next":null,"seconds":0.1,"status":"ok"}"#),
            ("summary", #"{"inputs":1,"bytes":2,"records":0,"users":null,"rejected":0,"duplicates":null,"excluded":null,"matched":null,"written":null,"next":null,"seconds":0.1,"status":"failed"}"#),
            ("rejects", #"{"input":"a.json","line":1,"column":1,"kind":"typo","reason":"x","text":"{"}"#),
            ("diff", #"{"change":"renamed","id":"1","user":{}}"#),
            ("diff", #"{"change":"changed","id":"1","changes":{"nmae":{"old":"a","new":"b"}}}"#),
          ])
    func brokenOutputIsRefused(_ schema: String, _ instance: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-schema-broken-\(ProcessInfo.processInfo.processIdentifier)-\(abs(instance.hashValue))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try CommandRunner.run("userlist schema \(schema)").stdout.write(to: directory.appendingPathComponent("schema.json"))
        try Data((instance + "\n").utf8).write(to: directory.appendingPathComponent("data"))
        let check = try CommandRunner.run("python3 Tests/Schemas/validate.py \(directory.path)/schema.json \(directory.path)/data ndjson")
        #expect(check.status == 1, "\(instance) should not be a valid \(schema)")
    }
}
