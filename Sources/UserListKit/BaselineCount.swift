import UserListDomain
import UserListViewModel
import Foundation

/// `--baseline FILE`: how many users a previous run of userlist counted, read from what it wrote
/// — any of its formats, or its `--summary` JSON — for `--max-drop`.
///
/// What is counted is what the run matched, as `--max-drop` compares: a `json` envelope's
/// `totalItems`, a summary's `matched`, the `N users` of a table's or markdown table's footer
/// and of an html page's header (all pages of the answer, not only the one printed); in `ndjson`,
/// `csv` and `tsv`, which carry no count, their rows (a header row, when every name in it is one
/// `--fields` takes, is not a user; a quoted csv value may hold line breaks).
struct BaselineCount: Sendable {
    var path: String
    /// What the file was read as: `json`, `summary`, `ndjson`, `csv`, `tsv`, `table`, `markdown`, `html`, `empty`.
    var format: String
    var users: Int

    init(path: String) throws(UserlistError) {
        self.path = path
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw UserlistError(.noInput, Diagnostic(.unreadableInput, scope: "--baseline", input: path, exists ? "cannot be read" : "no such file"))
        }
        guard let (format, users) = Self.count(Array(data)) else {
            throw UserlistError(.data, Diagnostic(.baseline, scope: "--baseline", input: path,
                "not an output of userlist (expected json, ndjson, csv, tsv, table, markdown, html or a --summary)"))
        }
        if users < 0 {
            throw UserlistError(.data, Diagnostic(.baseline, scope: "--baseline", input: path, "a summary of a failed run, which counted no users"))
        }
        self.format = format
        self.users = users
    }

    /// The format and its count; nil: not something userlist writes. A count of -1: a summary
    /// whose `matched` is null.
    static func count(_ bytes: [UInt8]) -> (String, Int)? {
        guard let start = bytes.firstIndex(where: { !Self.isSpace($0) }) else { return ("empty", 0) }
        let text = String(decoding: bytes, as: UTF8.self)
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return countJSON(bytes)
        case UInt8(ascii: "<"):
            // The html page's header: `<span class="count">3 of 10 users</span>`.
            guard let range = text.range(of: "<span class=\"count\">"), let end = text[range.upperBound...].range(of: "</span>") else { return nil }
            return footerCount(String(text[range.upperBound..<end.lowerBound])).map { ("html", $0) }
        case UInt8(ascii: "|"):
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            return lines.last.flatMap(footerCount).map { ("markdown", $0) }
        default:
            let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
            if let last = lines.last, let users = footerCount(last.trimmingCharacters(in: .whitespaces)) { return ("table", users) }
            if lines.first?.contains("\t") == true {
                // Every row of a tsv userlist wrote has the header's number of columns.
                let tabs = lines[0].utf8.count { $0 == UInt8(ascii: "\t") }
                guard lines.allSatisfy({ $0.utf8.count { $0 == UInt8(ascii: "\t") } == tabs }) else { return nil }
                return ("tsv", lines.count - (isHeader(lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)) ? 1 : 0))
            }
            return countCSV(bytes)
        }
    }

    /// A table's or markdown table's footer (`page 2 of 4 · 10 users`, `10 users`, `1 user`,
    /// `No users found`) or an html header's count (`3 of 10 users`): the total.
    static func footerCount(_ line: String) -> Int? {
        if line == "No users found" { return 0 }
        let words = line.split(separator: " ")
        guard let last = words.last, last == "users" || last == "user", words.count >= 2 else { return nil }
        return Int(words[words.count - 2].replacingOccurrences(of: ",", with: ""))
    }

    /// A json envelope, a summary, one json row, an array of rows, or ndjson rows. A row is an
    /// object whose every key is a name `--fields` takes, as userlist writes rows: an API's
    /// payload given by mistake (an envelope of 8 users read as one row) is no baseline.
    private static func countJSON(_ bytes: [UInt8]) -> (String, Int)? {
        if let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) {
            if let array = value as? [Any] { return array.allSatisfy(isRow) ? ("json", array.count) : nil }
            guard let object = value as? [String: Any] else { return nil }
            if object["items"] != nil, let total = object["totalItems"] as? Int { return ("json", total) }
            if object["status"] != nil, object["records"] != nil, object.keys.contains("matched") {
                return ("summary", object["matched"] as? Int ?? -1)
            }
            return isRow(object) ? ("ndjson", 1) : nil
        }
        // ndjson: one row a line; the first and the last must be rows (a count needs no more).
        let lines = bytes.split(separator: UInt8(ascii: "\n")).filter { $0.contains { !isSpace($0) } }
        guard let first = lines.first, let last = lines.last, [first, last].allSatisfy({ line in
            (try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])).map(isRow) ?? false
        }) else { return nil }
        return ("ndjson", lines.count)
    }

    /// A row as userlist writes one: an object whose keys are all names `--fields` takes.
    private static func isRow(_ value: Any) -> Bool {
        guard let object = value as? [String: Any], !object.isEmpty else { return false }
        return object.keys.allSatisfy(OutputColumns.knownNames.contains)
    }

    /// RFC 4180 records, a quoted value's line breaks inside its record.
    private static func countCSV(_ bytes: [UInt8]) -> (String, Int)? {
        var records = 0
        var quoted = false
        var fieldStart = true
        var first: [String] = []
        var field: [UInt8] = []
        var lineHasText = false
        // Every record of a csv userlist wrote has as many fields as its first.
        var fields = 1
        var firstFields: Int?
        for byte in bytes {
            if quoted {
                if byte == UInt8(ascii: "\"") { quoted = false } else if records == 0 { field.append(byte) }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                if fieldStart || !field.isEmpty { quoted = true }
                lineHasText = true
            case UInt8(ascii: ","):
                if records == 0 { first.append(String(decoding: field, as: UTF8.self)); field = [] }
                fields += 1
                fieldStart = true
                lineHasText = true
                continue
            case UInt8(ascii: "\n"):
                if lineHasText {
                    if records == 0 { first.append(String(decoding: field, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) }
                    records += 1
                    if fields != (firstFields ?? fields) { return nil }
                    firstFields = fields
                }
                fields = 1
                field = []
                lineHasText = false
                fieldStart = true
                continue
            case UInt8(ascii: "\r"):
                continue
            default:
                if records == 0 { field.append(byte) }
                lineHasText = true
            }
            fieldStart = false
        }
        if lineHasText {
            if records == 0 { first.append(String(decoding: field, as: UTF8.self)) }
            records += 1
            if fields != (firstFields ?? fields) { return nil }
        }
        return ("csv", records - (isHeader(first) ? 1 : 0))
    }

    /// A header row: every name one `--fields` takes (the cell's keys and canonical fields).
    private static func isHeader(_ names: [String]) -> Bool {
        !names.isEmpty && names.allSatisfy { OutputColumns.knownNames.contains($0.trimmingCharacters(in: .whitespaces)) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
