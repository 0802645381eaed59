import ArgumentParser
import UserListKit
import UserListPlatform

/// What to read, and how.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("JSON, NDJSON or JSON-stream files, gzip, zstd, xz, lzma or bzip2 too; none or '-' reads standard input.", valueName: "input"), completion: .file())
    var inputs: [String] = []

    @Option(help: ArgumentHelp("Where the users are in each document, as a jq-style path (.data.items); replaces detection.", valueName: "path"))
    var usersAt: String?

    @OptionGroup var payload: PayloadOptions

    @Flag(help: "Print only where the next page is, as the (last) input says: its URL or cursor; nothing on the last page (exit 0). For a shell loop over an API's pages.")
    var next = false

    @Flag(help: "Print which API shape was recognised, where the users were, and which source field fed each canonical field (with the first user), instead of the list.")
    var explain = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads that parse and filter the input (default: one per core, up to 16).", valueName: "n"))
    var threads: Int?

    func validate() throws {
        if next, explain { throw ValidationError("--next and --explain: choose one (--explain shows the next page too)") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, got \(threads)") }
        if let usersAt {
            do { _ = try UsersAtPath(parsing: usersAt) } catch { throw ValidationError(error.message) }
        }
        if inputs.isEmpty, TerminalFacts.isTerminal(FileReading.standardInput) {
            throw ValidationError("no input: name a file, or pipe JSON into standard input (see 'userlist --help')")
        }
    }
}
