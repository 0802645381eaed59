import UserListKit
import UserListPlatform

/// The list's options as one ``UserListRun``: the list command and every `userlist stage` build
/// it here, so a stage can't read an option differently from a single run.
struct ListRunOptions {
    var filter: FilterOptions
    var output: OutputOptions
    var batch: BatchOptions
    var jq: JQOptions

    /// `stdoutIsTerminal` picks the defaults a person at a terminal gets (a table, its first page,
    /// colour); stages never look, so that every stage of a job reads the options alike.
    func makeRun(inputs: [String], usersAt: String?, payload: PayloadOptions, explain: Bool, threads: Int?, variables: JQVariables, stdoutIsTerminal: Bool) throws -> UserListRun {
        let format = output.format.flatMap(OutputFormat.init(rawValue:)) ?? (stdoutIsTerminal && jq.outputTransform == nil ? .table : .json)
        // 300k users must not flood a terminal: its table shows the first page and says how to see more.
        let firstPageOnly = stdoutIsTerminal && format == .table && jq.outputTransform == nil && !filter.choosesRows
        var run = UserListRun(
            inputs: inputs.map(InputSource.init(argument:)),
            query: filter.query(firstPageOnly: firstPageOnly),
            format: format,
            strict: batch.strict,
            maxTableWidth: stdoutIsTerminal && !output.noTruncate ? Terminal.columns() : nil,
            whereExpression: filter.whereExpression,
            preTransform: jq.preTransform,
            outputTransform: jq.outputTransform,
            variables: variables,
            usersAt: try usersAt.map { path throws(UserlistError) in try UsersAtPath(parsing: path) },
            explain: explain,
            threads: threads)
        run.includeNonPeople = payload.includeNonPeople
        run.baseURL = payload.base
        run.columns = try output.fields.map { list throws(UserlistError) in try OutputColumns(parsing: list) } ?? .cells
        run.header = !output.noHeader
        run.rawOutput = jq.printsRaw
        run.outputSeparator = jq.separator
        run.countOnly = filter.count
        if filter.count {
            // The number of matches is printed whatever chooses or lays out rows (--sort, --page,
            // --limit, --fields, -f: a profile's defaults among them); an expression or a
            // directory given for the rows would be dropped without a word.
            if jq.outputTransform != nil { throw UserlistError(.usage, Diagnostic(.usage, option: "--count", "prints the number of matches: it can't be used with --jq-out (count its outputs with --jq-out '…' | wc -l)")) }
            if output.splitPages != nil { throw UserlistError(.usage, Diagnostic(.usage, option: "--count", "prints the number of matches: it can't be used with --split-pages")) }
        }
        if let countBy = filter.countBy {
            run.countBy = try? CountByField(parsing: countBy)
            func refuse(_ other: String) -> UserlistError {
                UserlistError(.usage, Diagnostic(.usage, option: "--count-by", "prints one row per value, most users first: it can't be used with \(other)"))
            }
            if output.fields != nil { throw refuse("--fields (its columns are the value and count)") }
            if output.splitPages != nil { throw refuse("--split-pages") }
            if explain { throw refuse("--explain") }
            if jq.outputTransform != nil { throw refuse("--jq-out") }
            if format == .html { throw refuse("--format html (it prints json, ndjson, csv, tsv, table or markdown)") }
        }
        run.jqTimeout = jq.jqTimeout
        run.sandbox = jq.sandbox
        if firstPageOnly { run.moreHint = "--page 2 for the next \(UserListQuery.defaultPageSize), --limit 0 for all" }
        // jq's output options: where JSON is printed (json, ndjson's rows, --jq-out's outputs).
        let printsJSON = jq.outputTransform != nil || format == .json || format == .ndjson
        if !printsJSON, let option = jq.explicitIndent != nil && !jq.compactOutput ? (jq.tab ? "--tab" : "--indent") : jq.sortKeys ? "-S" : nil {
            throw UserlistError(.usage, Diagnostic(.usage, option: option, "lays out JSON, and --format \(format.rawValue) prints none"))
        }
        if format == .ndjson, jq.outputTransform == nil, jq.tab || (jq.indent ?? 0) > 0 {
            throw UserlistError(.usage, Diagnostic(.usage, option: jq.tab ? "--tab" : "--indent", "ndjson is one value a line: indent --format json or --jq-out's outputs"))
        }
        let choice: ColorChoice = jq.colorOutput ? .always : jq.monochromeOutput ? .never : output.color
        let colour = Terminal.colour(choice, stdoutIsTerminal: stdoutIsTerminal)
        if colour || stdoutIsTerminal || jq.explicitIndent != nil || jq.sortKeys {
            let palette = colour ? Terminal.jsonPalette(warn: !batch.quiet) : nil
            let terminal = colour || stdoutIsTerminal
            // The envelope is indented on a terminal; --jq-out's outputs stay compact, as jq -c's.
            run.highlighter = JSONHighlighter(indent: jq.explicitIndent ?? (stdoutIsTerminal ? .spaces(2) : .none), palette: palette,
                                              sortKeys: jq.sortKeys, escapesTerminalControls: terminal)
            run.jqOutputHighlighter = JSONHighlighter(indent: jq.explicitIndent ?? .none, palette: palette, sortKeys: jq.sortKeys, escapesTerminalControls: terminal)
        }
        run.skipBadJSON = batch.skipBadJSON
        run.rejectsPath = batch.rejects
        run.maxRejects = batch.maxRejects
        run.document = PageDocument(inputs: inputs, generatedAt: try Self.runTime())
        run.showsPager = filter.limit == nil
        if let limit = filter.limit, limit > 0 { run.limit = limit }
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
        guard let value = TerminalFacts.environment("SOURCE_DATE_EPOCH") else { return TerminalFacts.now() }
        guard let seconds = Int64(value), seconds >= 0, seconds < 253_402_300_800 else {
            throw UserlistError(.usage, Diagnostic(.usage, option: "SOURCE_DATE_EPOCH", "expected whole seconds since 1970-01-01 UTC, got '\(value)'"))
        }
        return seconds
    }
}
