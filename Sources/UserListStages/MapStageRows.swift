@_spi(Pipeline) import UserListKit
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListService
@_spi(Pipeline) import UserListViewModel
import UserListRendering

/// A full export's users made into their rows in the map stage, as the partial stage makes them
/// (``UserListViewModel/annotator(query:filter:encoder:countBy:)``: the search, the sort key, the
/// row): the users `--where` let through, and records the keys could not decide. They travel
/// as ready rows (``StageLine/readyRow``), which partial writes as they are once dedupe keeps
/// them, instead of as the user's JSON, which partial decoded again to make the same row.
/// (5M users, `--where` keeping ~10%: partial spent most of its CPU decoding those users.)
struct MapStageRows {
    private let annotate: @Sendable ([User]) -> [UserAnnotation?]
    private var keys: StageKeyWriter
    /// The current batch's annotated users, by record index; none: the search left it out.
    private var annotations: [Int: UserAnnotation] = [:]

    /// Nil unless the query is a full export whose format has rows.
    init?(_ run: UserListRun, plan: StagePlan) {
        guard plan.kind == .rows, let encoder = plan.encoder else { return nil }
        annotate = UserListViewModel.annotator(query: run.pipeline().from(.filter).through(.cells).query, filter: nil, encoder: encoder)
        keys = StageKeyWriter(descending: run.query.sort?.descending ?? false)
    }

    /// Annotates the batch's users the filter let through, in one call.
    mutating func annotate(_ records: [NormalizedRecord], verdicts: MapStageVerdicts) {
        annotations.removeAll(keepingCapacity: true)
        var indices: [Int] = []
        var users: [User] = []
        for (index, record) in records.enumerated() {
            guard case .user(let user) = record, case .included = verdicts.verdict(of: index) else { continue }
            indices.append(index)
            users.append(user)
        }
        guard !users.isEmpty else { return }
        for (index, annotation) in zip(indices, annotate(users)) where annotation != nil {
            annotations[index] = annotation
        }
    }

    /// Writes the user field of record `index` (one the filter let through) at `position`: its
    /// ready row, or a shadow when the search leaves it out.
    mutating func write(record index: Int, position: Int, to output: OutputWriter) {
        guard let annotation = annotations[index], let row = annotation.row else {
            output.write(byte: StageLine.shadow)
            return
        }
        keys.writeReadyRow(annotation.sortValue, position, row, to: output)
    }
}
