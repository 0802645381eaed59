import ArgumentParser
import UserListKit

/// For jobs over big exports: bad input, rejects, counts, progress.
struct BatchOptions: ParsableArguments {
    @Flag(help: "Treat a record that can't become a user as an error (exit 65) instead of skipping it with a warning.")
    var strict = false

    @Flag(help: "Skip a record that isn't JSON (its line, in NDJSON; up to the next document, pretty-printed), report it where it starts, and read on, instead of stopping with exit 65.")
    var skipBadJSON = false

    @Option(help: ArgumentHelp("Write every record that did not become a user (and every user --where failed on) to FILE as NDJSON, with its place, reason and text ('-': standard output, or standard error when it carries the rows).", valueName: "file"), completion: .file())
    var rejects: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fail the run (exit 65, --output left as it was) when more than N records are rejected.", valueName: "n"))
    var maxRejects: Int?

    @Option(help: ArgumentHelp("Write the run's counts as one JSON object to FILE ('-': standard output when -o takes the rows, else standard error).", valueName: "file"), completion: .file())
    var summary: String?

    @Flag(help: "Don't show progress on a terminal's standard error during long runs.")
    var noProgress = false

    @Flag(name: .shortAndLong, help: "No warnings (skipped records, duplicates, …) and no progress on standard error; errors still print.")
    var quiet = false

    func validate() throws {
        if let maxRejects, maxRejects < 0 { throw ValidationError("--max-rejects must be 0 or more, got \(maxRejects)") }
    }
}
