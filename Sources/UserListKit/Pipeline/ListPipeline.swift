import UserListViewModel

/// A run as an ordered list of named stages (``ListStage``), built in one place
/// (``UserListRun/pipeline()``) from the command line's choices:
///
///     read → frame → jq → decode → map → normalise → dedupe → filter → search → rank → cells → render
///
/// Each stage is a value decided once per run; the per-record work stays in the types the stages
/// name, per batch on the reading threads up to the cells, in input order on the consumer's
/// thread from dedupe on. A single run runs the whole list (``UserListRun/execute``); `--explain`
/// prints the stages that are active (``line``); the stages of a distributed run
/// (`userlist stage map|partial|merge`) cut the same list at named points (``through(_:)``,
/// ``from(_:)``): map runs it up to normalise and gives every user the filter's and the search's
/// answer (a value that travels with the user through dedupe, the driver's shuffle), partial
/// keeps those answers and runs search to cells, merge runs rank and render.
package struct ListPipeline {
    /// The stages in the order a record meets them; a stage the run does not need is left out.
    package let stages: [ListStage]
    /// The question the search, rank and render stages read their parts of (and the page's numbers).
    package let query: UserListQuery

    package init(_ stages: [ListStage?], query: UserListQuery) {
        let stages = stages.compactMap { $0 }
        precondition(zip(stages, stages.dropFirst()).allSatisfy { $0.name < $1.name }, "stages in order, each once")
        self.stages = stages
        self.query = query
    }

    /// The stages up to and with `name`.
    package func through(_ name: ListStage.Name) -> ListPipeline {
        ListPipeline(stages.filter { $0.name <= name }, query: query)
    }

    /// The stages from `name` on.
    package func from(_ name: ListStage.Name) -> ListPipeline {
        ListPipeline(stages.filter { $0.name >= name }, query: query)
    }

    /// `read → frame → decode → map (keys) → normalise → dedupe → search → top-k → render (json)`.
    package var line: String { stages.map(\.title).joined(separator: " → ") }

    package func contains(_ name: ListStage.Name) -> Bool { stages.contains { $0.name == name } }

    // MARK: Each stage's values, when the run has it

    package var read: ListStage.Read? { stages.lazy.compactMap { if case .read(let stage) = $0 { stage } else { nil } }.first }
    package var transform: ListStage.Transform? { stages.lazy.compactMap { if case .transform(let stage) = $0 { stage } else { nil } }.first }
    package var map: ListStage.Map? { stages.lazy.compactMap { if case .map(let stage) = $0 { stage } else { nil } }.first }
    package var normalise: ListStage.Normalise? { stages.lazy.compactMap { if case .normalise(let stage) = $0 { stage } else { nil } }.first }
    package var filter: ListStage.Filter? { stages.lazy.compactMap { if case .filter(let stage) = $0 { stage } else { nil } }.first }
    package var search: ListStage.Search? { stages.lazy.compactMap { if case .search(let stage) = $0 { stage } else { nil } }.first }
    package var rank: ListStage.Rank? { stages.lazy.compactMap { if case .rank(let stage) = $0 { stage } else { nil } }.first }
    package var cells: ListStage.Cells? { stages.lazy.compactMap { if case .cells(let stage) = $0 { stage } else { nil } }.first }
    package var render: ListStage.Render? { stages.lazy.compactMap { if case .render(let stage) = $0 { stage } else { nil } }.first }
}
