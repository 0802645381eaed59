import Foundation
import Testing
@testable import UserListKit
@testable import UserListStages
import UserListTestSupport

/// A line's exact bytes reach the map stage, so the distributed run gives one run's error or
/// reject for bytes a text pipe can't carry (issue 18, "Nothing lost"): invalid UTF-8 travels
/// escaped under `eINPUT`, as `userlist_spark.py` writes it, and a line ends at `\n` only (a lone
/// `\r` and a NUL byte stay in their line, as in one run).
@Suite("Stages read a line's exact bytes")
struct StageBytesTests {
    /// An export with something between good lines, and the options to read it with.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var options: [String]
        var testDescription: String { "\(name) \(options.joined(separator: " "))" }
    }

    /// Exports written as text, `<FF>` standing for the byte 0xFF, with good lines after (or
    /// before) the odd ones: NDJSON exports, as the stages require and as one run finds them
    /// (``InputLayout``: most of the first lines whole documents).
    static let exports: [(name: String, bytes: [UInt8])] = [
        ("invalid-byte", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"Invalid <FF> byte"}"#, #"{"id":3,"name":"Cy"}"#)),
        ("overlong", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"Overlong <C0><AF> slash"}"#, #"{"id":3,"name":"Cy"}"#)),
        ("cut-character", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"Cut <E4><B8>"}"#, #"{"id":3,"name":"Cy"}"#)),
        ("surrogate", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"Surrogate <ED><A0><80> as UTF-8"}"#, #"{"id":3,"name":"Cy"}"#)),
        ("outside-a-string", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"Bo"}<FF>"#, "<FF><FE>", #"{"id":3,"name":"Cy"}"#)),
        ("backslashes", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"Back\\slash \u00e9 \"q\" \\x41 <FF>"}"#, #"{"id":3,"name":"Cy \\x41 \u00e9"}"#)),
        ("many", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"<FF>"}"#, #"{"id":3,"name":"Cy"}"#, "<80>", #"[{"id":4,"name":"Dee"},{"id":5,"name":"é"}]<C3>"#, #"{"id":6,"name":"Eve"}"#)),
        ("bom-then-invalid", lines(#"<EF><BB><BF>{"id":1,"name":"Ann <FF>"}"#, #"{"id":2,"name":"Bo"}"#)),
        ("bom-inside", lines(#"{"id":1,"name":"Ann"}"#, #"<EF><BB><BF>{"id":2,"name":"Bo"}"#, #"{"id":3,"name":"Cy"}"#)),
        ("no-last-newline", padding + bytes(#"{"id":2,"name":"Bo<FF>"#)),
        ("nul", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"NUL <00> in a string"}"#, "<00>", #"{"id":3,"name":"Cy"}"#)),
        ("lone-cr-between", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"Bo"}<0D>{"id":3,"name":"Cy"}"#, #"{"id":4,"name":"Di"}"#)),
        ("lone-cr-in-string", lines(#"{"id":1,"name":"Ann"}"#, #"{"id":2,"name":"B<0D>o"}"#, #"{"id":3,"name":"Cy"}"#)),
        ("crlf", lines(#"{"id":1,"name":"Ann"}<0D>"#, #"{"id":2,"name":"Bo <FF>"}<0D>"#, #"{"id":3,"name":"Cy"}<0D>"#)),
    ].map { (name: String, bytes: [UInt8]) in (name, name == "no-last-newline" ? bytes : bytes + padding) }

    /// Six good lines.
    static let padding: [UInt8] = (1...6).flatMap { (index: Int) -> [UInt8] in Array("{\"id\":\(100 + index),\"name\":\"Pad \(index)\"}\n".utf8) }

    static let cases: [Case] = exports.flatMap { export in
        [["--sort", "name"], ["--skip-bad-json", "--sort", "name"], ["--skip-bad-json", "--strict"]].map { Case(name: export.name, bytes: export.bytes, options: $0) }
    }

    @Test(arguments: cases)
    func sameAsOneRun(_ testCase: Case) throws {
        let file = StageCases.folder.appendingPathComponent("bytes-\(testCase.name).ndjson")
        // Atomically: the cases of one export run at once and write the same bytes to the same file.
        try Data(testCase.bytes).write(to: file, options: .atomic)
        let words = [file.path] + testCase.options
        var single = try StagedRun.singleRun(words).run
        var staged = try StagedRun.stageRun(words, inputs: [file.path])
        var generator = SeededGenerator(state: UInt64(testCase.bytes.count))
        for format in ["json", "ndjson", "csv"] {
            single.format = OutputFormat(rawValue: format)!
            staged.format = single.format
            let one = StagedRun.single(single)
            for _ in 0..<3 {
                let distributed = try StagedRun.staged(staged, inputs: [file.path], using: &generator)
                #expect(distributed == one, "\(testCase.testDescription) -f \(format)\n--- one run:\n\(one)\n--- stages:\n\(distributed)")
            }
        }
    }

    /// The cases hold what they are about: a line the driver must escape, or bytes that stay.
    @Test func casesAreEscapedWhereTheyMustBe() {
        for export in Self.exports {
            let escaped = StagedRun.lines(export.bytes).enumerated().filter { StagedRun.mapLine(input: 0, line: $0 + 1, position: $0, text: $1).first == UInt8(ascii: "e") }
            let isUTF8 = String(validating: export.bytes, as: UTF8.self) != nil
            #expect(escaped.isEmpty == isUTF8, "\(export.name)")
        }
    }

    /// What `userlist_spark.py`'s `stage_text` writes (Python's backslashreplace, checked by
    /// hand) is read as the line's bytes: the map stage's output, its counts and any error
    /// included, equals its output for the same bytes given as they are.
    @Test(arguments: [
        (#"{"id":2,"name":"ok \xff \\x41"}"#, #"{"id":2,"name":"ok <FF> \x41"}"#),
        (#"{"id":2,"name":"\xc0\xaf \xe4\xb8 \xed\xa0\x80 é"}"#, #"{"id":2,"name":"<C0><AF> <E4><B8> <ED><A0><80> é"}"#),
        (#"{"id":"a\\\\b","name":"\xFF"}"#, #"{"id":"a\\b","name":"<FF>"}"#),
        (#"{"id":3,"name":"Cy"}"#, #"{"id":3,"name":"Cy"}"#),
    ])
    func escapedLineIsItsBytes(_ escaped: String, _ raw: String) throws {
        let run = try StagedRun.stageRun(["--skip-bad-json"], inputs: [])
        let names = ["a.ndjson"]
        let fromEscaped = OutputWriter()
        try MapStage(run: run, names: names).run(StageInput(bytes: Array("e0\t7\t6\t\(escaped)\n".utf8)), to: fromEscaped)
        let fromBytes = OutputWriter()
        try MapStage(run: run, names: names).run(StageInput(bytes: Array("0\t7\t6\t".utf8) + Self.bytes(raw) + [0x0A]), to: fromBytes)
        #expect(fromEscaped.bytes == fromBytes.bytes, "\(String(decoding: fromEscaped.bytes, as: UTF8.self))\n\(String(decoding: fromBytes.bytes, as: UTF8.self))")
    }

    /// An escape the driver never writes is a line that is not the driver's: exit 65, named.
    @Test(arguments: [#"e0\t1\t0\t{"id":1}\q"#, #"e0\t1\t0\t{"id":1}\x4"#, #"e0\t1\t0\t{"id":1}\xg0"#, #"e0\t1\t0\t{"id":1}\"#, #"e\t1\t0\t{"id":1}"#, #"ex\t1\t0\t{"id":1}"#])
    func badEscapeIsABadLine(_ line: String) throws {
        let run = try StagedRun.stageRun([], inputs: [])
        let stageLine = line.replacingOccurrences(of: #"\t"#, with: "\t")
        do {
            try MapStage(run: run, names: ["a.ndjson"]).run(StageInput(bytes: Array("0\t1\t0\t{}\n\(stageLine)\n".utf8)), to: OutputWriter())
            Issue.record("\(line) was read")
        } catch {
            #expect(error.exitCode == 65)
            #expect(error.message.hasPrefix("stage map: <stdin>:2: expected "), "\(error.message)")
        }
    }

    /// `text`'s UTF-8, `<XX>` written as the byte XX.
    static func bytes(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            out += Array(rest[..<open].utf8)
            let hex = rest[rest.index(after: open)...].prefix(2)
            out.append(UInt8(hex, radix: 16)!)
            rest = rest[rest.index(open, offsetBy: 4)...]
        }
        return out + Array(rest.utf8)
    }

    private static func lines(_ lines: String...) -> [UInt8] { lines.flatMap { bytes($0) + [0x0A] } }
}
