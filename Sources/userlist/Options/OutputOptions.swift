import ArgumentParser
import UserListKit

/// `--color`.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never
}

/// How and where the list is printed.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("Output format: json, ndjson, table, csv, tsv, markdown or html (default: table on a terminal, json otherwise).", valueName: "format"), completion: .list(OutputFormat.allCases.map(\.rawValue)))
    var format: String?

    @Option(help: ArgumentHelp("The columns of csv, tsv, table and ndjson (and the json items), in order: cell keys (id, title, subtitle, caption, avatarURL, initials) and the user's fields (name, email, phone, address.city, company.name, …; address, address.geo and company for all of theirs).", valueName: "list"), completion: .list(OutputColumns.takenNames))
    var fields: String?

    @Flag(help: "Leave out the header row of csv, tsv and table.")
    var noHeader = false

    @Flag(help: "Don't fit the table to the terminal's width: every value whole (long lines wrap).")
    var noTruncate = false

    @Flag(help: "Don't page a table longer than the terminal through $PAGER (less -FRX by default).")
    var noPager = false

    @Option(name: [.short, .long], help: ArgumentHelp("Write to FILE, replacing it only when the run succeeds ('-': standard output).", valueName: "file"), completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("Write every page of --page-size users to a file of its own in DIR (page-1.html, page-2.html, …; the format's extension), each what --page N prints, instead of one output.", valueName: "dir"), completion: .directory)
    var splitPages: String?

    @Option(help: ArgumentHelp("Colour: auto (on a terminal, unless NO_COLOR is set or CLICOLOR=0; CLICOLOR_FORCE forces it), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    func validate() throws {
        if let format, OutputFormat(rawValue: format) == nil {
            throw ValidationError("--format: unknown format '\(format)' (expected \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let chosen = format.flatMap(OutputFormat.init(rawValue:))
        if noHeader, chosen == .markdown || chosen == .html {
            throw ValidationError("--no-header: a \(chosen!.rawValue) table always has its header (GitHub-flavoured markdown needs it)")
        }
        if fields != nil, chosen == .html {
            throw ValidationError("--fields: the html page shows the seed's row (avatar, title, subtitle, caption); use markdown, csv or table for other columns")
        }
        if let splitPages {
            if splitPages.isEmpty { throw ValidationError("--split-pages: name a directory") }
            if output != nil { throw ValidationError("--split-pages writes files into its directory: it can't be used with --output") }
        }
        if let fields {
            do { _ = try OutputColumns(parsing: fields) } catch { throw ValidationError(error.message) }
        }
    }
}
