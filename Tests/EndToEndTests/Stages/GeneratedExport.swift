import Foundation
import UserListTestSupport

/// Exports made to break a careless distribution: ids repeated far apart (so across partitions),
/// many users with equal sort keys (ties keep input order), keys missing (they sort last), numeric
/// ids written differently (`7`, `007`, `-3`), lines holding an array or an envelope of several
/// users, records that can't be users (more than the 20 a run lists), bots, blank lines, values
/// with line breaks, tabs, commas and quotes — and, in the dirty one, lines that are not JSON.
enum GeneratedExport {
    /// Three inputs (one export cut in three, so ids repeat across inputs) and a dirty one.
    static let files: (clean: [String], dirty: String) = {
        var generator = SeededGenerator(state: 2026)
        var lines: [String] = []
        var ids: [String] = []
        for index in 0..<1500 {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<3:
                let users = (0..<Int.random(in: 2...4, using: &generator)).map { _ in user(index, &ids, &generator) }
                lines.append("[" + users.joined(separator: ",") + "]")
            case 3..<5:
                let users = (0..<Int.random(in: 1...3, using: &generator)).map { _ in user(index, &ids, &generator) }
                lines.append("{\"users\":[" + users.joined(separator: ",") + "],\"total\":\(users.count)}")
            case 5..<7:
                lines.append("{\"name\":\"Nobody \(index)\",\"email\":\"n\(index)@example.com\"}")
            case 7:
                lines.append("{\"id\":\"bot-\(index)\",\"name\":\"Build Bot\",\"is_bot\":true}")
            case 8:
                lines.append("")
            default:
                lines.append(user(index, &ids, &generator))
            }
        }
        let third = lines.count / 3
        let parts = [lines[..<third], lines[third..<(2 * third)], lines[(2 * third)...]]
        let clean = parts.enumerated().map { index, part in write(Array(part), "export-\(index + 1).ndjson") }
        var dirty = lines
        for index in stride(from: 50, to: dirty.count, by: 97) { dirty[index] = index % 2 == 0 ? "{\"id\": \(index), oops}" : "<html>not json</html>" }
        return (clean, write(dirty, "export-dirty.ndjson"))
    }()

    /// Rejects, a `--where` failure (a text id) and `--strict`'s first reject before a line
    /// that is not JSON, and more of each after it: a run that stops at the bad line has taken
    /// in the records before it (rows, rejects, warnings), however its input was cut.
    static let brokenAfterRejects: String = {
        let lines = [
            #"{"id":1,"name":"Ana Lima"}"#, #"{"name":"Nobody 1"}"#, #"{"id":2,"name":"Zoë"}"#,
            #"[{"id":3,"name":"Bob"},{"name":"Nobody 2"},{"id":"u-4","name":"Text Id"}]"#,
            #"{"id":5,"name":"José"} {"name":"Nobody 3"} {"id": 6, oops}"#,
            #"{"name":"Nobody 4"}"#, #"{"id":"u-7","name":"Later"}"#, #"{"id":8,"name":"Émile"}"#,
        ]
        return write(lines, "export-broken-after-rejects.ndjson")
    }()

    private static func write(_ lines: [String], _ name: String) -> String {
        let url = StageCases.folder.appendingPathComponent(name)
        try! Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url.path
    }

    private static let names = ["Ana Lima", "ana lima", "Ána Lima", "Zoë Müller", "Zoe Muller", "José Núñez", "张伟", "김민준", "Bob", "bob", "Émile Zola", "  Padded Name  "]
    private static let cities = ["Berlin", "berlin", "München", "São Paulo", "北京", "Zürich"]
    private static let companies = ["Acme, Inc.", "Quote \\\"Co\\\"", "Tab\\tWorks", "Plain"]

    /// One user's JSON: an id (usually new, sometimes an earlier one again), and fields that are
    /// present, missing or null at random.
    private static func user(_ index: Int, _ ids: inout [String], _ generator: inout SeededGenerator) -> String {
        let id: String
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<5 where !ids.isEmpty: id = ids.randomElement(using: &generator)!
        case 5..<8: id = "\"u-\(index)-\(ids.count)\""
        case 8: id = "\"00\(ids.count)\""
        case 9: id = "-\(ids.count)"
        default: id = "\(ids.count + 1)"
        }
        ids.append(id)
        var fields = ["\"id\":\(id)"]
        if Int.random(in: 0..<10, using: &generator) > 0 {
            fields.append("\"name\":\"\(names.randomElement(using: &generator)!)\"")
        }
        if Bool.random(using: &generator) { fields.append("\"username\":\"user\(index % 37)\"") }
        if Int.random(in: 0..<4, using: &generator) > 0 { fields.append("\"email\":\"p\(index % 53)@example.com\"") }
        if Int.random(in: 0..<5, using: &generator) == 0 { fields.append("\"bio\":\"first line\\nsecond, line\"") }
        if Int.random(in: 0..<3, using: &generator) > 0 {
            fields.append("\"address\":{\"city\":\"\(cities.randomElement(using: &generator)!)\",\"zipcode\":\"\(10000 + index % 7)\"}")
        } else if Bool.random(using: &generator) {
            fields.append("\"address\":null")
        }
        if Bool.random(using: &generator) { fields.append("\"company\":{\"name\":\"\(companies.randomElement(using: &generator)!)\"}") }
        if Int.random(in: 0..<8, using: &generator) == 0 { fields.append("\"avatar\":\"https://cdn.example.com/\(index).png\"") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Queries over the clean export (all three inputs) or the dirty one.
    static var queries: [[String]] {
        let clean = files.clean
        let dirty = files.dirty
        return [
            clean + ["--sort", "name"],
            clean + ["--sort", "name:desc", "--page", "3", "--page-size", "7"],
            clean + ["--sort", "id", "--page", "2", "--page-size", "50"],
            clean + ["--sort", "id:desc"],
            clean + ["--sort", "name:desc", "--fields", "id,name,username"],
            clean + ["--sort", "city"],
            clean + ["--sort", "city:desc", "--limit", "30"],
            clean + ["--sort", "company", "--fields", "id,name,address.city,company.name,bio"],
            clean + ["--search", "an", "--sort", "email", "--page", "2", "--page-size", "9"],
            clean + ["--search", "zoe"],
            // Several keys, a nested field, :natural and collation: composite keys through the stages.
            clean + ["--sort", "city:desc,name,id:natural"],
            clean + ["--sort", "company,address.zipcode:desc,id", "--page", "4", "--page-size", "9"],
            clean + ["--sort", "name", "--collate", "sv", "--page", "2", "--page-size", "15"],
            clean + ["--sort", "city,name:desc", "--collate", "de", "-f", "csv"],
            clean + ["--page", "9999", "--page-size", "100"],
            clean + ["--sort", "username", "--page", "400", "--page-size", "25"],
            clean + ["--page", "3", "--page-size", "11"],
            clean + ["--where", ".address.city == \"Berlin\"", "--sort", "username"],
            clean + ["--where", "(.name // \"\") | test(\"^a\"; \"i\")", "--sort", "name", "--page-size", "13"],
            clean + ["--where", ".name | test(\"a\")"],
            clean + ["--where", ".address.zipcode == $z", "--arg", "z", "10003", "--count"],
            clean + ["--count", "--search", "an"],
            clean + ["--strict", "--sort", "name"],
            [clean[1], "--sort", "email:desc", "--page-size", "40"],
            [dirty, "--sort", "name"],
            [dirty, "--skip-bad-json", "--sort", "name", "--page", "2", "--page-size", "10"],
            [dirty, "--skip-bad-json", "--where", ".name | test(\"a\")"],
            [dirty, "--skip-bad-json", "--strict"],
            [dirty, "--skip-bad-json"],
        ]
    }
}
