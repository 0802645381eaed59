import Foundation
import Testing
import UserListKit
import UserListTestSupport

/// Issue 18: names, emails and captions full of ESC, OSC, BEL, `\r`, backspace, C1 controls and
/// bidi overrides (`Samples/hostile-strings.json`) reach a terminal shown, never executed. What a
/// person reads — the table (in a pipe and in a pseudo-terminal, fitted to its width), the diff's
/// table, `--explain`, JSON on a terminal, warnings and errors — holds no byte below 0x20 but the
/// line feed, no DEL, no C1 control and no bidi override. (csv, tsv and `-r` keep the payload's
/// bytes by design: they are data, as jq's are; see the golden case `hostile-strings-csv-tsv-raw`.)
@Suite("Terminal injection")
struct TerminalInjectionTests {
    static let hostile = "Samples/hostile-strings.json"
    static let everyField = "id,title,subtitle,caption,avatarURL,initials,name,username,email,phone,website,bio,"
        + "address.street,address.suite,address.city,address.zipcode,address.geo.lat,address.geo.lng,"
        + "company.name,company.catchPhrase,company.bs"

    /// The first scalar a terminal would act on, as `U+XXXX at <offset>`, or nil. `script` turns
    /// each line feed into CRLF, so a `\r` right before `\n` is allowed when `pseudoTerminal`.
    static func firstUnsafeScalar(in data: Data, pseudoTerminal: Bool = false) -> String? {
        guard let text = String(data: data, encoding: .utf8) else { return "invalid UTF-8" }
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            let v = scalar.value
            if v == 0x0A { continue }
            if pseudoTerminal, v == 0x0D, offset + 1 < scalars.count, scalars[offset + 1] == "\n" { continue }
            if v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                return "U+\(String(v, radix: 16)) at \(offset)"
            }
        }
        return nil
    }

    static let commands: [(command: String, pseudoTerminal: Bool)] = [
        ("userlist \(hostile) -f table", false),
        ("userlist \(hostile) -f table --fields \(everyField)", false),
        ("userlist \(hostile) -f table --sort name --page 2 --page-size 5", false),
        ("COLUMNS=60 script -qc 'userlist \(hostile) --color never' /dev/null", true),
        ("COLUMNS=60 script -qc 'userlist \(hostile) --limit 0 --color always' /dev/null | sed 's/\\x1b\\[[01]m//g'", true),
        ("script -qc 'userlist \(hostile) -f json --color never' /dev/null", true),
        ("script -qc 'userlist \(hostile) -f ndjson --color never' /dev/null", true),
        ("script -qc 'userlist \(hostile) --jq-out .items --color never' /dev/null", true),
        ("userlist --explain \(hostile)", false),
        ("userlist diff Samples/diff/old.ndjson \(hostile) -f table", false),
        ("userlist \(hostile) --where 'error(.name)' 2>&1", false),
    ]

    @Test(arguments: commands.indices)
    func whatAPersonReadsHoldsNothingATerminalActsOn(_ index: Int) throws {
        let (command, pseudoTerminal) = Self.commands[index]
        let result = try CommandRunner.run(command)
        #expect(!result.stdout.isEmpty, "no output from: \(command)")
        #expect(Self.firstUnsafeScalar(in: result.stdout, pseudoTerminal: pseudoTerminal) == nil, "stdout of: \(command)")
        #expect(Self.firstUnsafeScalar(in: result.stderr) == nil, "stderr of: \(command)")
    }

    /// The sample holds what it says: every class of hostile scalar is in the payload's values.
    @Test func theSampleIsHostile() throws {
        let result = try CommandRunner.run("userlist \(Self.hostile) -f csv --fields \(Self.everyField)")
        let scalars = Set(String(decoding: result.stdout, as: UTF8.self).unicodeScalars.map(\.value))
        for v: UInt32 in [0x00, 0x07, 0x08, 0x0B, 0x0D, 0x1B, 0x7F, 0x85, 0x9B, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            #expect(scalars.contains(v), "U+\(String(v, radix: 16)) missing from \(Self.hostile)")
        }
    }

    /// Random values made of hostile scalars, wide characters and text, in a table fitted to a
    /// narrow terminal: nothing unsafe gets through, and no line is wider than the terminal.
    @Test func randomHostileValuesInANarrowTable() throws {
        var generator = SeededGenerator(state: 2026_11_25)
        let pieces: [String] = ["\u{1B}", "[31m", "]0;", "\u{7}", "\r", "\n", "\r\n", "\t", "\u{8}", "\u{0}", "\u{7F}", "\u{85}",
                                "\u{9B}", "\u{9D}", "\u{202E}", "\u{202A}", "\u{2066}", "\u{2069}", "张", "🎉", "é", "e\u{301}",
                                "\\", "a", "Bob", " ", "ليلى"]
        func value() -> String {
            (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        var lines: [String] = []
        for id in 1...60 {
            let user: [String: Any] = ["id": id, "name": "N" + value(), "email": value() + "@example.com", "bio": "B" + value(),
                                       "username": value(), "company": ["name": value()]]
            let data = try JSONSerialization.data(withJSONObject: user)
            lines.append(String(decoding: data, as: UTF8.self))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-hostile-\(UUID().uuidString).ndjson").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }

        for columns in [50, 80] {
            let command = "COLUMNS=\(columns) script -qc 'userlist \(path) --limit 0 --fields id,name,username,email,caption --color never' /dev/null"
            let result = try CommandRunner.run(command)
            #expect(Self.firstUnsafeScalar(in: result.stdout, pseudoTerminal: true) == nil, "stdout of: \(command)")
            let rows = String(decoding: result.stdout, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
            #expect(rows.count == 62, "header, 60 users, footer")
            // Every row but the footer fits (an approximation of display width, independent of DisplayWidth's).
            for row in rows.dropLast() {
                #expect(Self.displayWidth(row) <= columns, "wider than \(columns): \(TerminalText.escaped(String(row)))")
            }
        }
    }

    /// Columns of text holding no controls: 2 for East Asian wide and emoji, 0 for combining marks.
    static func displayWidth(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let v = scalar.value
            if (0x0300...0x036F).contains(v) { return total }
            if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1F64F).contains(v) {
                return total + 2
            }
            return total + 1
        }
    }
}
