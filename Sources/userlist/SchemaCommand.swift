import ArgumentParser
import UserListKit

/// `userlist schema row|list|summary|rejects|diff`: the JSON Schema (draft 2020-12) of an output.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of an output: row, list, summary, rejects, diff or diff-summary.",
        discussion: """
            row: an ndjson line (an element of json's items); list: the --format json envelope; \
            summary: the --summary object; rejects: a --rejects line; diff: a userlist diff entry; \
            diff-summary: userlist diff --summary's object. \
            With --fields, row and list describe the rows those columns make.
            """)

    @Argument(help: ArgumentHelp("row, list, summary, rejects, diff or diff-summary.", valueName: "output"), completion: .list(OutputSchema.allCases.map(\.rawValue)))
    var output: String

    @Option(help: ArgumentHelp("The columns of the rows (as the list's --fields), for row and list.", valueName: "list"), completion: .list(OutputColumns.takenNames))
    var fields: String?

    func validate() throws {
        let known = OutputSchema.allCases.map(\.rawValue)
        if OutputSchema(rawValue: output) == nil {
            throw ValidationError("unknown output '\(output)'\(ClosestName.hint(for: output, in: known)) (expected \(known.joined(separator: ", ")))")
        }
        if fields != nil, output != "row", output != "list" { throw ValidationError("--fields describes the rows: only with row or list") }
    }

    func run() throws {
        let columns: OutputColumns?
        do { columns = try fields.map { list throws(UserlistError) in try OutputColumns(parsing: list) } } catch {
            throw ValidationError(error.message)
        }
        StandardError.printOrFail(OutputSchema(rawValue: output)!.text(columns: columns))
    }
}
