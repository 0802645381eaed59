import Foundation

/// One generated export of issue 18's corpus, as items (a good line or pretty document, a blank
/// line, a broken record), and what a run must make of it: the users in input order (first
/// occurrence of each id), the line each reject starts on, the counts of the summary.
///
/// The bytes are rendered from the items, so an export shrinks by dropping items and its
/// expectations follow.
struct CorpusExport: CustomStringConvertible {
    enum Format: String, CaseIterable, Sendable {
        /// One document a line, `\n`.
        case ndjson
        /// One document a line, `\r\n`.
        case crlf
        /// One to four documents a line, separated by nothing or a space; broken text on a line of its own.
        case concatenated
        /// Each document indented over several lines, as `jq .` prints it.
        case pretty

        var layout: Layout { self == .pretty ? .pretty : .lines }
    }

    enum Compression: String, Sendable {
        case none, gzip, zstd
    }

    enum Layout: Equatable {
        case lines, pretty
    }

    /// How a broken record was made (for messages, and for the rules that keep an export's
    /// broken records from joining good lines into valid JSON).
    enum Kind: String, CaseIterable, Sendable {
        case cutMidObject, cutMidString, extraBrace, strayBracket, rawNewline, nulByte, unclosedBracket,
             loneBrace, missingComma, closeOpenAtStart, truncated, noUsers, prettyCut

        /// Its text may leave brackets open that a later line starting with `]` or `}` would
        /// close into valid JSON (read across lines): such a line never follows it.
        var leavesOpen: Bool {
            [.cutMidObject, .unclosedBracket, .loneBrace, .truncated, .prettyCut].contains(self)
        }

        /// Its first line starts with a closing `]` or `}`.
        var startsWithCloser: Bool { [.strayBracket, .closeOpenAtStart].contains(self) }
    }

    /// A broken record's lines, as written (without line breaks).
    struct Broken {
        var kind: Kind
        var lines: [[UInt8]]

        /// The ids of users whose records it holds (`"id":"b-7"`), whole or cut.
        var users: [String] {
            let text = String(decoding: Array(lines.joined(separator: [0x0A])), as: UTF8.self)
            return text.matches(of: #/"id": ?"(b-[0-9]+)"/#).map { String($0.output.1) }
        }
    }

    enum Item {
        /// Good documents: on one line (joined by `separator`) in a line layout, each indented over
        /// several lines in the pretty one.
        case good([CorpusJSON], separator: String)
        /// An empty (or white) line.
        case blank(String)
        case broken(Broken)
    }

    var seed: UInt64
    var format: Format
    var compression: Compression
    /// Which export of its variant (for messages).
    var index: Int
    var items: [Item]
    var finalLineBreak: Bool
    /// gzip: the byte offsets (of the plain text) where a new gzip member starts.
    var gzipMemberCut: Int?

    var variant: String { compression == .none ? format.rawValue : "\(compression.rawValue)(\(format.rawValue))" }
    var lineBreak: String { format == .crlf ? "\r\n" : "\n" }

    // MARK: - What the export is

    /// The lines of the (decompressed) text, without line breaks, and which item each came from.
    var lines: [(bytes: [UInt8], item: Int)] {
        var out: [(bytes: [UInt8], item: Int)] = []
        for (index, item) in items.enumerated() {
            switch item {
            case .good(let documents, let separator):
                if format.layout == .pretty {
                    for document in documents {
                        for line in document.pretty.split(separator: "\n", omittingEmptySubsequences: false) { out.append((Array(line.utf8), index)) }
                    }
                } else {
                    out.append((Array(documents.map(\.compact).joined(separator: separator).utf8), index))
                }
            case .blank(let white):
                out.append((Array(white.utf8), index))
            case .broken(let broken):
                for line in broken.lines { out.append((line, index)) }
            }
        }
        return out
    }

    /// The decompressed text.
    var text: [UInt8] {
        let lines = self.lines
        var bytes: [UInt8] = []
        for (number, line) in lines.enumerated() {
            bytes += line.bytes
            if number < lines.count - 1 || finalLineBreak { bytes += Array(lineBreak.utf8) }
        }
        return bytes
    }

    // MARK: - What a run must make of it

    struct Expected {
        /// `(id, title)` of each user that comes out, in input order.
        var users: [(id: String, title: String)] = []
        /// The line each reject starts on, in input order, and the text of that line.
        var rejects: [(line: Int, kind: Kind, firstLine: [UInt8])] = []
        var records = 0
        var duplicates = 0
        /// The ids of the users only broken records hold, and the kind of the first.
        var brokenUsers: [String: Kind] = [:]
        /// Where a run without `--skip-bad-json` stops: at the first broken record (one that does
        /// not parse), or earlier at a document with no users (valid JSON: the contract leaves
        /// open whether that stops a run); with neither, it succeeds.
        var stopLines: [Int] {
            var lines: [Int] = []
            for reject in rejects {
                lines.append(reject.line)
                if reject.kind != .noUsers { break }
            }
            return lines
        }

        /// Whether a run without `--skip-bad-json` must stop (a record does not parse).
        var mustStop: Bool { rejects.contains { $0.kind != .noUsers } }
    }

    var expected: Expected {
        var expected = Expected()
        var seen = Set<String>()
        var line = 1
        for item in items {
            switch item {
            case .good(let documents, _):
                for document in documents {
                    for user in document.users {
                        expected.records += 1
                        if seen.insert(user.id).inserted {
                            expected.users.append((user.id, user.name))
                        } else {
                            expected.duplicates += 1
                        }
                    }
                    if format.layout == .pretty { line += document.pretty.split(separator: "\n", omittingEmptySubsequences: false).count }
                }
                if format.layout == .lines { line += 1 }
            case .blank:
                line += 1
            case .broken(let broken):
                // Line-delimited: each line of a broken record is a reject of its own (a
                // continuation line after a raw newline too). Pretty: one reject, from its first
                // line through the lines that can't start a document.
                for user in broken.users where expected.brokenUsers[user] == nil { expected.brokenUsers[user] = broken.kind }
                let rejects = format.layout == .lines ? broken.lines.count : 1
                for offset in 0..<rejects {
                    expected.rejects.append((line + offset, broken.kind, broken.lines[offset]))
                    expected.records += 1
                }
                line += broken.lines.count
            }
        }
        return expected
    }

    // MARK: - Showing it

    /// The export as Swift-ish string literal lines, numbered, for a failure message.
    var description: String {
        let lines = self.lines
        var out = "seed \(seed) · \(variant) export \(index) · \(lines.count) lines · \(finalLineBreak ? "ends with a line break" : "no final line break")\n"
        // A big export: its broken records' lines and a line either side.
        var shown = Set(lines.indices)
        if lines.count > 200 {
            shown = []
            for (number, line) in lines.enumerated() {
                if case .broken = items[line.item] { shown.formUnion(max(0, number - 1)...min(lines.count - 1, number + 1)) }
            }
        }
        var previous = -1
        for (number, line) in lines.enumerated() where shown.contains(number) {
            if number > previous + 1 { out += "   … \(number - previous - 1) good lines\n" }
            out += String(format: "%4d ", number + 1) + Self.escaped(line.bytes) + "\n"
            previous = number
        }
        if previous < lines.count - 1 { out += "   … \(lines.count - 1 - previous) good lines\n" }
        return out
    }

    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        // Valid UTF-8 is shown as text; other bytes as \xNN.
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F {
                out += byte == 0x0D ? "\\r" : byte == 0x09 ? "\\t" : String(format: "\\x%02X", byte)
                index += 1
                continue
            }
            if byte < 0x80 {
                out.unicodeScalars.append(Unicode.Scalar(byte))
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if index + length <= bytes.count, let text = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                out += text
                index += length
            } else {
                out += String(format: "\\x%02X", byte)
                index += 1
            }
        }
        return out
    }
}
