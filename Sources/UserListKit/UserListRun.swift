@_spi(Pipeline) import UserListViewModel
import UserListRendering
import UserListService
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListGateway
import UserListJQ
/// One run of userlist, wired from the command line's choices: the composition root.
///
/// Builds Gateway → Service → ViewModel, loads, and renders the resulting state. Output is
/// written once the whole input has been read without a fatal error, so a failed run leaves
/// nothing half-written on standard output — except a run that prints every match in input order
/// as NDJSON or CSV, which streams rows as they are decided and stops at an error, as jq does.
public struct UserListRun {
    public var inputs: [InputSource]
    public var query: UserListQuery
    public var format: OutputFormat
    public var strict: Bool
    /// Width to fit a `table` into (the terminal's), or nil for no limit.
    public var maxTableWidth: Int?
    /// jq expressions: `--where`, `--jq`, `--jq-out`, and the variables they all see.
    public var whereExpression: String?
    public var preTransform: String?
    public var outputTransform: String?
    public var variables: JQVariables
    /// `--users-at`: where the users are, replacing detection.
    public var usersAt: UsersAtPath?
    /// `--explain`: report detection and field sources instead of the list.
    public var explain: Bool
    /// `--threads`: parsing threads (nil: one per core, up to 16).
    public var threads: Int?
    /// `--fields`: the columns of csv, tsv, table, ndjson and the json items.
    public var columns: OutputColumns = .cells
    /// `--no-header` turns off the header row of csv, tsv and table.
    public var header = true
    /// `-r`: `--jq-out`'s string outputs printed as text.
    public var rawOutput = false
    /// What follows each `--jq-out` output: a line break; nothing (`-j`); NUL (`--raw-output0`).
    public var outputSeparator = "\n"
    /// How `--jq-out`'s JSON outputs are laid out and coloured (compact unless `--indent`/`--tab`).
    public var jqOutputHighlighter: JSONHighlighter?
    /// A table's footer says this when more pages follow (a terminal's first page: how to see more).
    public var moreHint: String?
    /// `--sandbox`: jq expressions can't import files or read the environment.
    public var sandbox = false
    /// `--jq-timeout`: the longest a jq expression may run on one input, in seconds.
    public var jqTimeout: Double?
    /// `--count`: print only how many users match.
    public var countOnly = false
    /// `--count-by FIELD`: print each value of the field with how many users have it.
    public var countBy: CountByField?
    /// How JSON is laid out and coloured — on a terminal, with `--color`, or jq's output options
    /// (`--indent`, `--tab`, `-S`, `-C`); ndjson's rows stay one a line — and whether the table's
    /// header is bold. Nil: as written.
    public var highlighter: JSONHighlighter?
    /// `--skip-bad-json`: skip (and report) documents that aren't JSON instead of stopping.
    public var skipBadJSON = false
    /// `--rejects FILE`: every record that did not become a user, as NDJSON.
    public var rejectsPath: String?
    /// `--max-rejects N`: more rejects than this fail the run (exit 65).
    public var maxRejects: Int?
    /// Where the users came from and when, for an html page's header (`SOURCE_DATE_EPOCH` fixes the time).
    public var document = PageDocument(inputs: [], generatedAt: 0)
    /// `--split-pages DIR`: every page of `query.pageSize` users in a file of its own in DIR,
    /// instead of one output (the query then has no page).
    public var splitPages: String?
    /// Whether a paged html answer has a pager: not when `--limit` chose the rows (its page 2
    /// is no file anyone wrote).
    public var showsPager = true
    /// `--include-non-people`: keep the records an API marks as bots, groups, apps, service or
    /// system accounts; without it they are left out, and a payload of nothing else is exit 65.
    public var includeNonPeople = false
    /// `--base-url`: what the payload's relative URLs are resolved against (avatars, next pages).
    public var baseURL: BaseURL?
    /// `--limit N`: the first N users, which are no page: the envelope's `pageSize`, `totalPages`
    /// and `hasMore` are those of pages of the default size (what `--page 2` shows), and the
    /// footers say `first N of M users`. The query holds the first N as page 1 of size N.
    public var limit: Int?
    /// `--next`: print only where the next page is (its URL or cursor), or nothing on the last page.
    public var nextOnly = false
    /// `--min-users`, `--max-users`, `--max-drop` with `--baseline`: the list's count checked
    /// before anything is printed (see ``RunGuards``).
    public var guards: RunGuards?
    /// `--explain`: printed before the explanation (where each option came from, when a config
    /// file or a `USERLIST_*` variable set one).
    public var explainPreamble: String?

    public init(
        inputs: [InputSource], query: UserListQuery = UserListQuery(), format: OutputFormat = .json,
        strict: Bool = false, maxTableWidth: Int? = nil, whereExpression: String? = nil,
        preTransform: String? = nil, outputTransform: String? = nil, variables: JQVariables = JQVariables(),
        usersAt: UsersAtPath? = nil, explain: Bool = false, threads: Int? = nil
    ) {
        self.inputs = inputs
        self.query = query
        self.format = format
        self.strict = strict
        self.maxTableWidth = maxTableWidth
        self.whereExpression = whereExpression
        self.preTransform = preTransform
        self.outputTransform = outputTransform
        self.variables = variables
        self.usersAt = usersAt
        self.explain = explain
        self.threads = threads
    }

    /// Runs and writes the result to `output`; throws the error that stopped the run.
    ///
    /// The run is the list of stages ``pipeline()`` builds (see ``ListPipeline``): up to the
    /// cells they run per batch on the reading threads, from dedupe on in input order on this one.
    public func run(output: OutputWriter, warnings: any WarningReporter) throws(UserlistError) {
        let rejects = try maxRejects.map { maximum throws(UserlistError) in try RejectsFile(path: nil, maximum: maximum) }
        _ = try execute(output: output, warnings: warnings, rejects: rejects, progress: nil)
    }

    /// The run itself: the pipeline's stages, then what its render stage writes; what it came to, for `--summary`.
    /// `loadedCounts` gets the list's counts once the input is read, before anything is
    /// written: a run that then fails to write (a full disk) still says them in `--summary`.
    func execute(output: OutputWriter, warnings reporter: any WarningReporter, rejects: RejectsFile?, progress: ReadProgress?,
                 loadedCounts: LoadedCounts? = nil) throws(UserlistError) -> RunStatistics {
        prepareJQ()
        let pipeline = pipeline()
        let rendering = pipeline.render!
        let nonPeople = NonPeopleCheck(reporter)
        // Compile every expression before reading anything: a typo is exit 64 at once.
        let transform = try pipeline.transform?.compiled()
        let filter = try pipeline.filter?.compiled()
        let (renderer, highlight) = try rendering.renderer()
        var gateway = pipeline.gateway(transform: transform, progress: progress)
        let paging = PagingReport()
        gateway.paging = paging
        var statistics = RunStatistics()
        switch rendering.sink {
        case .explain:
            // Every user loaded (so skipped records and duplicates are counted): up to dedupe.
            let explanation = MappingExplanation()
            gateway.explanation = explanation
            // The explanation of a payload of non-people is what to look at: no error there.
            defer { try? nonPeople.finish(nil, inputs: inputs) }
            var listed = self
            listed.explain = false
            let service = pipeline.through(.dedupe).service(gateway, warnings: nonPeople, rejects: rejects)
            statistics.report = try runExplanation(service, explanation, filter: filter, stages: listed.pipeline(), output: output) {
                paging.inputs.map { ($0.input, resolved($0.next)) }
            }
            statistics.next = resolved(paging.next)
            return statistics
        case .next:
            // Read like a count (every record still checked), then only the next page.
            let service = pipeline.service(gateway, warnings: NextOnlyWarnings(reporter), rejects: rejects)
            let viewModel = pipeline.viewModel(service, filter: filter, warnings: reporter, rejects: nil)
            viewModel.load()
            if case .error(let error) = viewModel.state { throw error }
            // One line, whatever the payload holds: a control character (a line break in a
            // hostile `next`) is written %XX, as a URL would carry it, so `$(userlist --next)`
            // stays one value.
            let next = resolved(paging.next)
            if let next { output.write(Self.oneLine(next.value) + "\n") }
            try output.flush()
            statistics.report = viewModel.loadReport
            statistics.next = next
            return statistics
        default:
            break
        }
        let service = pipeline.service(gateway, warnings: nonPeople, rejects: rejects, progress: progress)
        let viewModel = pipeline.viewModel(service, filter: filter, warnings: nonPeople, rejects: rejects)
        /// Once the whole input is read: a payload of non-people, and the guard rails.
        func loaded() throws(UserlistError) {
            loadedCounts?.report = viewModel.loadReport
            loadedCounts?.matched = viewModel.state.page?.totalItems
            try nonPeople.finish(viewModel.loadReport, inputs: inputs)
            try guards?.check(matched: viewModel.state.page?.totalItems ?? 0, report: viewModel.loadReport)
        }
        switch rendering.sink {
        case .explain, .next:
            preconditionFailure("written above")
        case .count:
            viewModel.load()
            if case .error(let error) = viewModel.state { throw error }
            try nonPeople.finish(viewModel.loadReport, inputs: inputs)
            let matched = viewModel.state.page?.totalItems ?? 0
            try guards?.check(matched: matched, report: viewModel.loadReport)
            output.write(int: matched)
            output.write(byte: UInt8(ascii: "\n"))
            try output.flush()
            statistics.matched = matched
            statistics.written = 1
            statistics.lastValue = .truthy
            statistics.report = viewModel.loadReport
            statistics.next = resolved(paging.next)
            return statistics
        case .countBy(let countBy):
            viewModel.load()
            if case .error(let error) = viewModel.state { throw error }
            try nonPeople.finish(viewModel.loadReport, inputs: inputs)
            let counts = viewModel.valueCounts ?? ValueCounts.empty(countBy.name)
            var renderer = ValueCountsRenderer(format: format)
            renderer.header = header
            renderer.maxWidth = maxTableWidth
            renderer.render(counts, to: output)
            try output.flush()
            statistics.matched = counts.total
            statistics.written = counts.entries.count
            statistics.lastValue = counts.entries.isEmpty && format != .json ? .none : .truthy
            statistics.report = viewModel.loadReport
        case .splitPages(let directory):
            statistics = try writePages(viewModel, renderer, into: SplitPages(directory: directory, format: format, pageSize: query.pageSize), loaded: loaded)
        case .framed(let framed):
            // The page's header (or the table's footer) needs the count: the rows wait on disk.
            let spool = try RowSpool()
            viewModel.load { rows throws(UserlistError) in try spool.append(rows) }
            if case .error(let error) = viewModel.state { throw error }
            try loaded()
            framed.writeOpening(viewModel.state, to: output)
            try spool.write(to: output)
            framed.writeClosing(viewModel.state, to: output)
            try output.flush()
            statistics.matched = viewModel.state.page?.totalItems
            statistics.written = spool.count
            statistics.report = viewModel.loadReport
        case .stream(let streaming):
            statistics.written = try stream(viewModel, streaming, to: output, highlight: highlight?.compact, loaded: loaded, counted: loadedCounts)
            statistics.lastValue = statistics.written ?? 0 > 0 ? .truthy : .none
            statistics.matched = viewModel.state.page?.totalItems
            statistics.report = viewModel.loadReport
        case .whole:
            viewModel.load()
            if case .error(let error) = viewModel.state { throw error }
            try loaded()
            try render(limited(viewModel.state), with: renderer, highlight: highlight, to: output)
            statistics.count(viewModel.state, query: query)
            statistics.report = viewModel.loadReport
            // `-e`: the last value printed. The json envelope is one; rows are the others'.
            if let jq = renderer as? JQOutputRenderer {
                statistics.lastValue = jq.lastOutput
            } else if format == .json {
                statistics.lastValue = .truthy
            } else {
                statistics.lastValue = viewModel.state.page.map { !$0.items.isEmpty || !$0.rows.isEmpty || $0.spilledRows != nil } == true ? .truthy : .none
            }
            statistics.next = resolved(paging.next)
            return statistics
        }
        statistics.next = resolved(paging.next)
        return statistics
    }

    /// `--split-pages`: every match (in input order, spooled; or sorted, spilled as a full sort
    /// is), then the pages, file by file.
    private func writePages(
        _ viewModel: UserListViewModel, _ renderer: any ListRenderer, into pages: SplitPages, loaded: () throws(UserlistError) -> Void
    ) throws(UserlistError) -> RunStatistics {
        var statistics = RunStatistics()
        if viewModel.canStream {
            let spool = try RowSpool()
            viewModel.load { rows throws(UserlistError) in try spool.append(rows) }
            if case .error(let error) = viewModel.state { throw error }
            try loaded()
            _ = try pages.write(total: spool.count, renderer: renderer, cells: nil, rows: spool.forEachRow)
            statistics.written = spool.count
        } else {
            viewModel.load()
            if case .error(let error) = viewModel.state { throw error }
            try loaded()
            guard let page = viewModel.state.page else { return statistics }
            let encoded = renderer is any CellEncoder
            _ = try pages.write(total: page.totalItems, renderer: renderer, cells: encoded ? nil : page, rows: page.forEachEncodedRow)
            statistics.written = page.totalItems
        }
        statistics.matched = viewModel.state.page?.totalItems
        statistics.report = viewModel.loadReport
        return statistics
    }

    /// jq's settings for the whole process: `--jq-timeout`, `--sandbox`.
    package func prepareJQ() {
        if let jqTimeout { JQProgram.limitRunningTime(to: jqTimeout) }
        if sandbox { JQProgram.sandboxed = true }
    }

    /// Writes `state` and flushes: JSON for a person is rendered to memory, then indented and coloured.
    package func render(_ state: ListState, with renderer: any ListRenderer, highlight: JSONHighlighter?, to output: OutputWriter) throws(UserlistError) {
        if let highlight {
            let buffer = OutputWriter()
            try renderer.render(state, to: buffer)
            highlight.rewrite(buffer.bytes).withUnsafeBytes { output.write($0) }
        } else {
            try renderer.render(state, to: output)
        }
        try output.flush()
    }

    /// Every match in input order: rows are written (and flushed) batch by batch as they are
    /// decided; an error stops the run with what was written before it. The header goes out
    /// with the first rows, or at the end once `loaded` has accepted the load: a run that fails
    /// before any row writes nothing (a payload of groups is one line on standard error).
    private func stream(
        _ viewModel: UserListViewModel, _ renderer: any RowStreamingRenderer, to output: OutputWriter, highlight: JSONHighlighter?,
        loaded: () throws(UserlistError) -> Void, counted: LoadedCounts? = nil
    ) throws(UserlistError) -> Int {
        var written = 0
        var headerWritten = false
        viewModel.load { rows throws(UserlistError) in
            if !headerWritten, !rows.isEmpty {
                renderer.writeHeader(to: output)
                headerWritten = true
            }
            if let highlight {
                var bytes: [UInt8] = []
                for row in rows { row.withBytes { bytes.append(contentsOf: $0) } }
                bytes = highlight.rewrite(bytes)
                bytes.withUnsafeBytes { output.write($0) }
            } else {
                for row in rows { output.write(row) }
            }
            written += rows.count
            try output.flush()
            counted?.streamed = written
        }
        if case .error(let error) = viewModel.state {
            try? output.flush()
            throw error
        }
        try loaded()
        if !headerWritten { renderer.writeHeader(to: output) }
        try output.flush()
        return written
    }

    /// What the run needs built of each user: the cells, the sort key and what `--where` sees.
    /// `--explain` shows the first user whole.
    func neededFields(whereFields: FieldSet?) -> FieldSet {
        if explain { return .all }
        // Counting needs the id (dedupe), the searched fields when there is a search, and what
        // --where sees: every field is still checked (a record with a bad one is a reject either
        // way), but `--count` alone builds no strings but the id's.
        if countOnly || countBy != nil {
            let searched: FieldSet = query.search == nil ? [] : FieldSet([.init(.name), .init(.username), .init(.email)])
            return FieldSet([.init(.id)]).union(searched).union(whereFields ?? []).union(countBy?.fields ?? [])
        }
        // The cell's fields only for columns that read the cell (every format prints `columns`;
        // `--jq-out` sees whole cells). With `--where`, too: a user it fails on goes to
        // `--rejects` as its canonical record, which has held the cell's fields.
        let cellsRead = columns.needsCell || outputTransform != nil || whereFields != nil
        var fields = (cellsRead ? FieldSet.cell : FieldSet(.id)).union(columns.userFields)
        // The search reads name, username and email whatever the columns: without them
        // `--search tr --fields id,name` missed the users it found by their email.
        if query.search != nil { fields.formUnion([.init(.name), .init(.username), .init(.email)]) }
        if let sort = query.sort { fields.formUnion(sort.fields) }
        if let whereFields { fields.formUnion(whereFields) }
        return fields
    }

    /// `state` as `--limit` describes it: its page's size, count of pages and `hasMore` are those
    /// of the default page size, so that a client going on with `--page 2` is told what it gets
    /// (a `--limit 1` answer said `pageSize` 1 of 10 pages, and `--page 2` gave users 21 to 40).
    package func limited(_ state: ListState) -> ListState {
        guard limit != nil, var page = state.page else { return state }
        let size = UserListQuery.defaultPageSize
        page.pageSize = size
        page.totalPages = (page.totalItems + size - 1) / size
        page.hasMore = page.page < page.totalPages
        switch state {
        case .loaded: return .loaded(page)
        case .empty: return .empty(page)
        default: return state
        }
    }

    /// Whether a jq expression of the run may call `input_filename` (its name anywhere in the text).
    package var asksForInputFilename: Bool {
        [whereExpression, preTransform, outputTransform].contains { $0?.contains("input_filename") == true }
    }

    /// `text` with C0 controls and DEL written `%XX`.
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += (hex.count == 1 ? "%0" : "%") + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The next page with a relative URL (`/api/v2/users?page=3`) made absolute against `--base-url`.
    private func resolved(_ next: NextPage?) -> NextPage? {
        guard var next, let baseURL, next.value.hasPrefix("/") || next.value.hasPrefix("./") || next.value.hasPrefix("../") || next.value.hasPrefix("?") else { return next }
        next.value = next.value.hasPrefix("?") ? baseURL.description + next.value : baseURL.resolve(next.value)
        return next
    }

    /// What decides records from their keys on the reading threads, users built only for the
    /// matches kept (see ``RecordKeys``): for a run that counts, or prints one page. Not with
    /// `--where`, which reads the whole user, nor `--jq`, whose outputs have no text to read again,
    /// nor `--base-url`, which the users built later (with the shared mapping) would not know.
    func recordJudge(filtered: Bool, transformed: Bool, encoder: (any CellEncoder)?) -> (any RecordJudge)? {
        guard !explain, !filtered, !transformed, baseURL == nil else { return nil }
        if let countBy {
            // A field the records' keys don't hold (`--count-by phone`) needs the user built.
            guard countBy.readableFromKeys else { return nil }
            return SearchAndSortJudge(search: query.search, locale: query.searchLocale, sort: nil, countBy: countBy)
        }
        // A sort key the records' keys don't hold (`--sort phone`) needs the user built.
        guard query.sort?.readableFromKeys ?? true else { return nil }
        if countOnly || query.page != nil {
            return SearchAndSortJudge(search: query.search, locale: query.searchLocale, sort: countOnly ? nil : query.sort, bound: countOnly ? nil : query.sort.map { PageBound(descending: $0.descending) }, countsOnly: countOnly)
        }
        // Every match printed, in columns the records' keys hold: each row is encoded from them,
        // and no whole user is built (W3 on 50k users: see the commits that made this).
        guard let encoder, let userFields = encoder.keyedUserFields, splitPages == nil else { return nil }
        // For an encoder whose rows are their values escaped (csv, tsv): each row is written from
        // the keys' bytes, the cell's values or the user's fields, no string, cell or user made.
        let values = encoder.columnValuesWriter.map { (columns: columns.columns.map(\.source), writer: $0) }
        return SearchAndSortJudge(search: query.search, locale: query.searchLocale, sort: query.sort, makesCells: true, rowNeedsCell: encoder.needsCell, rowUserFields: userFields, values: values)
    }

    /// `--explain`: loads every user (so skipped records and duplicates are counted), then
    /// prints the explanation with the first user, and the stages the run without `--explain` has.
    private func runExplanation(
        _ service: UserService, _ explanation: MappingExplanation, filter: JQUserFilter?, stages: ListPipeline, output: OutputWriter,
        next: () -> [(input: String, next: NextPage?)]
    ) throws(UserlistError) -> LoadReport {
        var firstUser: User?
        let report = try service.loadUsers { user in
            if firstUser == nil { firstUser = user }
        }
        if let explainPreamble { output.write(explainPreamble + "\n") }
        ExplanationRenderer().render(explanation, report: report, firstUser: firstUser, whereEvaluation: filter?.evaluation, next: next(), stages: stages.line, to: output)
        try output.flush()
        return report
    }
}
