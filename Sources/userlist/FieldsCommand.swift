import ArgumentParser
import UserListKit
import UserListJSON

/// `userlist fields`: the names `--fields` takes, with their types and what they hold.
struct FieldsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fields",
        abstract: "List the fields --fields takes: the cell's keys and the canonical user's fields, with types and descriptions.",
        discussion: "The canonical user's fields are also what --where sees (nested: .address.city) and what diff compares.")

    @Option(name: [.short, .long], help: ArgumentHelp("table (default), json, ndjson, csv or tsv.", valueName: "format"), completion: .list(["table", "json", "ndjson", "csv", "tsv"]))
    var format: String = "table"

    func validate() throws {
        let known = ["table", "json", "ndjson", "csv", "tsv"]
        if !known.contains(format) {
            throw ValidationError("--format: unknown format '\(format)'\(ClosestName.hint(for: format, in: known)) (expected \(known.joined(separator: ", ")))")
        }
    }

    func run() throws {
        let fields = FieldCatalog.all
        var text = ""
        func json(_ field: FieldCatalog.Field) -> String {
            "{\"name\":\(JSONStringLiteral.quoted(field.name)),\"kind\":\"\(field.kind)\",\"type\":\"\(field.type)\",\"description\":\(JSONStringLiteral.quoted(field.description))}"
        }
        switch format {
        case "json": text = "[" + fields.map(json).joined(separator: ",") + "]\n"
        case "ndjson": text = fields.map { json($0) + "\n" }.joined()
        case "csv":
            text = "name,kind,type,description\r\n" + fields.map { "\($0.name),\($0.kind),\($0.type),\"\($0.description.replacingOccurrences(of: "\"", with: "\"\""))\"\r\n" }.joined()
        case "tsv": text = "name\tkind\ttype\tdescription\n" + fields.map { "\($0.name)\t\($0.kind)\t\($0.type)\t\($0.description)\n" }.joined()
        default:
            let width = max(5, fields.map(\.name.count).max() ?? 0)
            func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
            text = pad("FIELD", width) + "  KIND  " + pad("TYPE", 11) + "  DESCRIPTION\n"
            text += fields.map { pad($0.name, width) + "  " + pad($0.kind, 4) + "  " + pad($0.type, 11) + "  " + $0.description + "\n" }.joined()
        }
        StandardError.printOrFail(String(text.dropLast()))
    }
}
