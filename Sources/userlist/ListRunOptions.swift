#if canImport(Glibc)
import Glibc
#endif
import UserListKit

/// The list's options as one ``UserListRun``: the list command and every `userlist stage` build
/// it here, so a stage can't read an option differently from a single run.
struct ListRunOptions {
    var filter: FilterOptions
    var output: OutputOptions
    var batch: BatchOptions
    var jq: JQOptions

    /// `stdoutIsTerminal` picks the defaults a person at a terminal gets (a table, its first page,
    /// colour); stages never look, so that every stage of a job reads the options alike.
    func makeRun(inputs: [String], usersAt: String?, explain: Bool, threads: Int?, variables: JQVariables, stdoutIsTerminal: Bool) throws -> UserListRun {
        let format = output.format.flatMap(OutputFormat.init(rawValue:)) ?? (stdoutIsTerminal && jq.outputTransform == nil ? .table : .json)
        // 300k users must not flood a terminal: its table shows the first page and says how to see more.
        let firstPageOnly = stdoutIsTerminal && format == .table && jq.outputTransform == nil && !filter.choosesRows
        var run = UserListRun(
            inputs: inputs.map(InputSource.init(argument:)),
            query: filter.query(firstPageOnly: firstPageOnly),
            format: format,
            strict: batch.strict,
            maxTableWidth: stdoutIsTerminal ? Terminal.columns() : nil,
            whereExpression: filter.whereExpression,
            preTransform: jq.preTransform,
            outputTransform: jq.outputTransform,
            variables: variables,
            usersAt: try usersAt.map { path throws(UserlistError) in try UsersAtPath(parsing: path) },
            explain: explain,
            threads: threads)
        run.columns = try output.fields.map { list throws(UserlistError) in try OutputColumns(parsing: list) } ?? .cells
        run.header = !output.noHeader
        run.rawOutput = jq.rawOutput
        run.countOnly = filter.count
        run.jqTimeout = jq.jqTimeout
        run.sandbox = jq.sandbox
        if firstPageOnly { run.moreHint = "--page 2 for the next \(UserListQuery.defaultPageSize), --limit 0 for all" }
        let colour = Terminal.colour(output.color, stdoutIsTerminal: stdoutIsTerminal)
        if colour || stdoutIsTerminal { run.highlighter = JSONHighlighter(pretty: stdoutIsTerminal, colour: colour) }
        run.skipBadJSON = batch.skipBadJSON
        run.rejectsPath = batch.rejects
        run.maxRejects = batch.maxRejects
        run.document = PageDocument(inputs: inputs, generatedAt: try Self.runTime())
        run.showsPager = filter.limit == nil
        if let directory = output.splitPages {
            func refuse(_ other: String) -> UserlistError {
                UserlistError(.usage, Diagnostic(.usage, option: "--split-pages", "writes every page; it can't be used with \(other)"))
            }
            if filter.page != nil { throw refuse("--page (use --page-size for the size of each page)") }
            if filter.limit != nil { throw refuse("--limit") }
            if filter.count { throw refuse("--count") }
            if explain { throw refuse("--explain") }
            if jq.outputTransform != nil { throw refuse("--jq-out") }
            run.splitPages = directory
            run.query.page = nil
        }
        return run
    }

    /// When the run happened, for an html page's header: `SOURCE_DATE_EPOCH` (seconds since 1970,
    /// as reproducible builds set it) when set, so that a page can be compared byte for byte; else now.
    static func runTime() throws(UserlistError) -> Int64 {
        guard let value = getenv("SOURCE_DATE_EPOCH").map({ String(cString: $0) }) else { return Int64(time(nil)) }
        guard let seconds = Int64(value), seconds >= 0, seconds < 253_402_300_800 else {
            throw UserlistError(.usage, "SOURCE_DATE_EPOCH: expected whole seconds since 1970-01-01 UTC, got '\(value)'")
        }
        return seconds
    }
}
