@_spi(Pipeline) import UserListViewModel
import UserListRendering
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListGateway

extension UserListRun {
    /// The run as named stages, in the order a record meets them: the one place where the
    /// command line's choices become what reads, decides and writes (see ``ListPipeline``).
    /// Nothing is compiled here: each jq program is compiled where its stage runs.
    package func pipeline() -> ListPipeline {
        let workers = threads ?? UserGateway.defaultWorkers
        let filter = whereExpression.map { ListStage.Filter(expression: $0, variables: variables, parallelism: max(2, workers)) }
        let writer = renderWriter()
        // `--count` prints a number: encoding every matching user's row first cost it more
        // instructions than W1's search, sort and page (1.55G against 1.37G on 50k users).
        let encoder = countOnly ? nil : writer.encoder
        let judge = recordJudge(filtered: filter != nil, transformed: preTransform != nil, encoder: encoder)
        // Rows encoded per batch: for a run that prints every match (a page's few rows are encoded
        // at the end; `--next` reads like a count).
        let cells = encoder.flatMap { query.page == nil && !nextOnly && countBy == nil ? ListStage.Cells(encoder: $0, fromKeys: (judge as? SearchAndSortJudge)?.makesCells == true) : nil }
        return ListPipeline([
            .read(.init(inputs: inputs, workers: workers, skipBadJSON: skipBadJSON, namesInputsToJQ: asksForInputFilename)),
            .frame,
            preTransform.map { .transform(.init(expression: $0, variables: variables)) },
            .decode,
            .map(.init(usersAt: usersAt, options: MappingOptions(includeNonPeople: includeNonPeople, baseURL: baseURL),
                       fields: neededFields(whereFields: filter?.fields), judge: judge)),
            .normalise(.init(strict: strict)),
            .dedupe,
            filter.map { .filter($0) },
            query.search.map { .search(.init(text: $0, locale: query.searchLocale)) },
            rank(bound: (judge as? SearchAndSortJudge)?.bound).map { .rank($0) },
            cells.map { .cells($0) },
            .render(.init(format: format, writer: writer, sink: sink(writer, streams: cells != nil && query.sort == nil))),
        ], query: query)
    }

    /// What is kept of the matches; nil: every match, in input order.
    private func rank(bound: PageBound?) -> ListStage.Rank? {
        if countOnly || nextOnly { return .count }
        if let countBy { return .countBy(countBy) }
        if query.page != nil { return .page(sorted: query.sort != nil, bound: bound) }
        return query.sort != nil ? .sort : nil
    }

    /// What the run writes. `streams`: every match in input order, each row encoded per batch.
    private func sink(_ writer: ListStage.Render.Writer, streams: Bool) -> ListStage.Render.Sink {
        if explain { return .explain }
        if nextOnly { return .next }
        if countOnly { return .count }
        if let countBy { return .countBy(countBy) }
        if let splitPages { return .splitPages(directory: splitPages) }
        guard streams, case .format(let renderer, _) = writer else { return .whole }
        if let framed = renderer as? any FramedRowRenderer { return .framed(framed) }
        // With guard rails nothing is printed before the count is checked: the rows are collected
        // (spilled to disk past memory) as a sorted run's are, instead of streamed.
        if let rows = renderer as? any RowStreamingRenderer, guards == nil { return .stream(rows) }
        return .whole
    }

    /// The renderer of the format and `--fields`, or `--jq-out` (compiled where it runs); and, on
    /// a terminal or with `--color`, how its JSON is indented and coloured (csv, tsv, tables and
    /// `-r` text stay plain; `--jq-out` styles each JSON output itself).
    private func renderWriter() -> ListStage.Render.Writer {
        if let outputTransform {
            return .jqOut(.init(expression: outputTransform, variables: variables, format: format, raw: rawOutput, style: jqOutputHighlighter,
                                separator: outputSeparator, inputFilename: inputs.last.flatMap { $0 == .standardInput ? nil : $0.description }))
        }
        let renderer = format.renderer(
            maxTableWidth: maxTableWidth, columns: columns, header: header, colour: highlighter?.colour ?? false, moreHint: moreHint,
            document: document, paged: showsPager && (query.page != nil || splitPages != nil), limit: limit)
        switch format {
        case .json: return .format(renderer, highlight: highlighter)
        case .ndjson: return .format(renderer, highlight: highlighter?.compact)
        default: return .format(renderer, highlight: nil)
        }
    }
}
