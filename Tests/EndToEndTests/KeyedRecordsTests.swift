import Foundation
import Testing

/// A run that counts or prints one page decides native records from their keys and builds only
/// the users it keeps (`RecordKeys`); one that prints every match in columns the keys hold encodes
/// each row from them and builds no whole user; `--where true` makes the same run build every user. Both must
/// print the same bytes, warnings and exit status, on records made to trip the keys path: values
/// with white space to trim (ASCII and Unicode), empty strings, wrong types, foreign keys, ids of
/// every kind and repeated ids across the reader's 4 MiB chunks, and ends in scripts the byte check
/// can't decide.
@Suite("Records decided from their keys")
struct KeyedRecordsTests {
    static let queries: [String] = [
        "--count",
        "--count --search an",
        "--count --search é --threads 1",
        "--search an --sort name --page 2",
        "--search AN --sort name:desc --page 1 --page-size 13",
        "--sort city --page 3",
        "--sort company:desc --page 2 --page-size 7",
        "--sort id --page 4 --page-size 5",
        "--sort id:desc --page 1",
        "--sort email:desc --page 2 --threads 1",
        "--sort username --page 1 -f csv --fields id,username,address.city,company.name",
        "--page 3",
        "--search zzzz --sort name --page 1",
        "--sort name --page 100000",
        "--search ü --sort city:desc --page 1 -f ndjson",
        // Every match printed, from keyed cells.
        "-f csv",
        "-f csv --sort name",
        "-f ndjson --sort city:desc --search an",
        "-f json --sort id",
        "-f tsv --fields id,title,caption,initials --sort username:desc",
        "-f markdown --sort email --search é",
        "-f csv --fields id,name,address.city --sort name",
        // Every match printed, in columns of the user's that the keys hold.
        "-f csv --fields id,name,email,company.name --sort name",
        "-f ndjson --fields id,username,bio,avatarURL --search an",
        "-f json --fields name,address.city,company.name,title --sort city",
        "-f tsv --fields email,bio,initials",
        "-f markdown --fields company.name,name --sort company:desc",
    ]

    /// Two inputs: NDJSON over several chunks (read in parallel), and one JSON array.
    static let inputs: [(name: String, lines: Int, array: Bool)] = [("keyed.ndjson", 24_000, false), ("keyed.json", 1_500, true)]

    @Test(arguments: inputs)
    func keyedRunsPrintWhatFullRunsPrint(_ input: (name: String, lines: Int, array: Bool)) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-keyed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SeededGenerator(state: UInt64(input.lines))
        let records = (0..<input.lines).map { _ in Self.record(&generator) }
        let text = input.array ? "[\n" + records.joined(separator: ",\n") + "\n]\n" : records.joined(separator: "\n") + "\n"
        let file = directory.appendingPathComponent(input.name)
        try Data(text.utf8).write(to: file)
        if !input.array { #expect(text.utf8.count > 5 << 20, "the NDJSON input spans more than one 4 MiB chunk") }
        for query in Self.queries {
            let keyed = try CommandRunner.run("userlist '\(file.path)' \(query)")
            let full = try CommandRunner.run("userlist '\(file.path)' \(query) --where true")
            #expect(keyed.status == full.status, "exit status of \(query)")
            #expect(String(decoding: keyed.stdout, as: UTF8.self) == String(decoding: full.stdout, as: UTF8.self), "output of \(query)")
            #expect(String(decoding: keyed.stderr, as: UTF8.self) == String(decoding: full.stderr, as: UTF8.self), "warnings of \(query)")
        }
    }

    /// A JSONPlaceholder-shaped record with values that test every rule the keys path must keep.
    static func record(_ generator: inout SeededGenerator) -> String {
        func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        let names = ["Ann Lee", "José Ñúñez", "Zoë Åberg", "李小龙", "Nguyễn Văn An", "Ångström", "anna", "Dmitrij Šostakovič",
                     "Ольга", "Αλέξανδρος", "محمد", "Björn", "Ann 🙂", "ann\u{301}", "Mañana", "Élodie", "Iñigo", "Łukasz", "Sønderby"]
        let oddities = [" Ann", "Ann ", "\u{A0}Zoë", "Zoë\u{3000}", "", "  ", "\\u00e9mile", "Tab\\tbed", "Line\\nbreak", "\u{2003}x\u{2003}"]
        func text(_ pool: [String], oddity: Int = 12) -> String {
            if chance(oddity) { return "\"\(pick(oddities))\"" }
            if chance(4) { return "null" }
            return "\"\(pick(pool))\""
        }
        var fields: [String] = []
        // Ids: numbers, strings, repeats (a pool of 400 makes many duplicates), odd and missing ones.
        if !chance(2) {
            let id: String = switch Int.random(in: 0..<100, using: &generator) {
            case 0..<55: String(Int.random(in: -50...30_000, using: &generator))
            case 55..<75: String(Int.random(in: 0..<400, using: &generator))
            case 75..<92: "\"u-\(Int.random(in: 0..<5_000, using: &generator))\""
            case 92..<94: "\" u-\(Int.random(in: 0..<50, using: &generator)) \""
            case 94..<96: "\"\""
            case 96: "9223372036854775807"
            case 97: "2.0"
            case 98: "{\"x\":1}"
            default: "null"
            }
            fields.append("\"id\": \(id)")
        }
        if !chance(3) { fields.append("\"name\": \(chance(1) ? "5" : text(names))") }
        if !chance(5) { fields.append("\"username\": \(text(["ann", "jose", "zoe", "li", "nguyen", "an_na", "bjorn", "élo"]))") }
        if !chance(5) { fields.append("\"email\": \(text(["ann@example.com", "jose@ex.es", "zoe@ex.se", "li@ex.cn", "an@ex.vn", "Ännie@ex.de"]))") }
        if chance(70) {
            let cities = ["Zürich", "São Paulo", "Kraków", "Tōkyō", "Ankara", "Bogotá", "Hà Nội", "Oslo", "Łódź", "Montréal"]
            let address = chance(3) ? "\"Main St\"" : "{\"street\": \"Kulas Light\", \"city\": \(text(cities)), \"zipcode\": \(chance(50) ? "92998" : "\"92998-3874\""), \"geo\": {\"lat\": \"-37.3159\", \"lng\": 81.1496}}"
            fields.append("\"address\": \(chance(4) ? "null" : address)")
        }
        if chance(70) {
            let company = chance(2) ? "{\"name\": 7}" : "{\"name\": \(text(["Acme", "Ångel AB", "Romaguera-Crona", "Ñandú SA", "Żabka"])), \"catchPhrase\": \"Multi-layered\", \"bs\": \"harness\"}"
            fields.append("\"company\": \(company)")
        }
        if chance(40) { fields.append("\"phone\": \(chance(50) ? "\"1-770-736-8031\"" : "17707368031")") }
        if chance(30) { fields.append("\"website\": \"hildegard.org\"") }
        if chance(20) {
            let bios = ["\"Writes \\\"quotes\\\" and ünïcödé.\"", "\"\\n\\n  Second line first\\nthen more\"", "\"One\\r\\nTwo\"",
                        "\"  \"", "\"Para\\u2028sep\"", "\"x\\u0085y\"", "\"\\t\"", "null", "\" padded \"", "\"Ünï\\u000bcode\""]
            fields.append("\"bio\": \(pick(bios))")
        }
        if chance(25) {
            let avatars = ["\"https://cdn.example.com/a.png\"", "\"http://x.org/{size}/b.png\"", "\"//host.example/c.png\"", "\"javascript:alert(1)\"",
                           "\"/rel/d.png\"", "\" https://x.org/e.png \"", "\"HTTPS://X.ORG/F.PNG\"", "\"\"", "null", "\"data:image/png;base64,AAAA\""]
            fields.append("\"avatar_url\": \(pick(avatars))")
        }
        // A foreign key hands the record to the general mapping; a repeated key keeps its last value.
        if chance(2) { fields.append("\"login\": \"octo\"") }
        if chance(2) { fields.append("\"name\": \(text(names))") }
        fields.shuffle(using: &generator)
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
