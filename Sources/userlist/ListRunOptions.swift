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
            maxTableWidth: stdoutIsTerminal && !output.noTruncate ? Terminal.columns() : nil,
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
        return run
    }
}
