import Foundation

/// The queries the exactness test asks both ways: every golden case's `userlist` command line
/// whose options a stage takes, over its own inputs made NDJSON (one line per document), and a
/// set of queries over generated exports built to break a careless distribution.
enum StageCases {
    /// Options only a single run has (or that change the process for the tests after them).
    static let refused: Set<String> = [
        "--explain", "--rejects", "--max-rejects", "--summary", "-o", "--output", "--sandbox", "--jq-timeout",
        "--rawfile", "--slurpfile", "--generate-completion-script", "--help", "-h", "--version",
        "--next", "--split-pages", "--count-by",
        "--min-users", "--max-users", "--max-drop", "--baseline", "--config", "--profile",
    ]

    static let formats = ["json", "ndjson", "csv", "tsv", "table"]

    /// A temporary folder for converted and generated inputs, made once.
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-stages-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The golden cases' command lines (without `userlist` and without a format), their inputs
    /// made NDJSON; each once.
    static func golden() throws -> [[String]] {
        var seen = Set<[String]>()
        var cases: [[String]] = []
        for testCase in GoldenCase.all {
            guard var words = ShellWords.firstCommand(try testCase.command), words.first == "userlist" else { continue }
            words.removeFirst()
            guard let first = words.first, !["diff", "stage", "fields", "schema"].contains(first), !words.contains(where: { refused.contains($0) || $0.hasPrefix("--format=") }) else { continue }
            guard let inputs = try? StagedRun.inputs(of: words), !inputs.isEmpty else { continue }
            var usable = true
            for input in inputs {
                guard input != "-", input.hasSuffix(".json") || input.hasSuffix(".ndjson"),
                      let index = words.firstIndex(of: input),
                      let converted = try? ndjson(input)
                else {
                    usable = false
                    break
                }
                words[index] = converted
            }
            let options = withoutFormat(words)
            if usable, seen.insert(options).inserted { cases.append(options) }
        }
        return cases
    }

    /// `words` without `-f X` / `--format X`.
    static func withoutFormat(_ words: [String]) -> [String] {
        var out: [String] = []
        var skip = false
        for word in words {
            if skip {
                skip = false
                continue
            }
            if word == "-f" || word == "--format" {
                skip = true
                continue
            }
            out.append(word)
        }
        return out
    }

    /// `file` with one line per document: NDJSON as it is; JSON with the white space between
    /// tokens removed (strings untouched), so a pretty-printed document is one line.
    static func ndjson(_ input: String) throws -> String {
        let file = CommandRunner.packageRoot.appendingPathComponent(input)
        if file.pathExtension == "ndjson" { return file.path }
        let bytes = try [UInt8](Data(contentsOf: file))
        var out: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
            out.append(byte)
        }
        out.append(0x0A)
        let target = folder.appendingPathComponent(input.replacingOccurrences(of: "/", with: "_") + ".ndjson")
        try Data(out).write(to: target)
        return target.path
    }
}
