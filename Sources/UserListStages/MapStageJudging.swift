@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListService
@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListKit
import UserListRendering

/// The map stage deciding records from their keys, as one run's reading threads do
/// (``SearchAndSortJudge``, under one run's conditions: no `--where`, `--jq` or `--base-url`):
/// only what the later stages need of a record is made of it.
///
/// - A full export in columns the records' keys hold: its row and sort key, which the partial
///   stage writes as they are once dedupe kept the line (``StageLine/readyRow``). The partial
///   stage spent ~60% of its time decoding the users the map had encoded, to make these rows.
/// - A page: a record the search can't match travels as a shadow, never built (`--search an`
///   leaves ~57% of an international export); of the matches, only the stage's best
///   `page × page size` are built and sent whole (``MapStageBest``). With `--all-candidates`
///   (the driver's second try, when the merge can't be sure of its page) every match is built.
/// - `--count`: a match travels as ``StageLine/counted``, nothing built.
///
/// A record the keys can't decide (not a native one) comes as a user, and travels as before.
struct MapStageJudging {
    let judge: any RecordJudge
    /// The rows' encoder, for a full export's records judged to a cell (json, ndjson).
    private let encoder: (any CellEncoder)?
    private let kind: StagePlan.Kind
    private var keys: StageKeyWriter
    /// A page's best in this stage, when it holds the rest back.
    let best: MapStageBest?

    /// Nil when the stage builds every user: one run would (`map` has no judge), or a page
    /// with `allCandidates` and without `--search` (every record a candidate: built twice if judged first).
    init?(_ run: UserListRun, plan: StagePlan, map: ListStage.Map, allCandidates: Bool = false) {
        guard let judge = map.judge as? SearchAndSortJudge else { return nil }
        var best: MapStageBest?
        switch plan.kind {
        case .rows:
            guard judge.makesCells else { return nil }
            self.judge = judge
        case .count:
            guard judge.countsOnly else { return nil }
            self.judge = judge
        case .page:
            // One run's page judge carries a bound its ranking tightens; here the stage's best do.
            let limit = PageCollector(sort: run.query.sort, page: run.query.page, pageSize: run.query.pageSize, partial: true).limit
            if !allCandidates, let limit, limit > 0 {
                let bound = run.query.sort.map { PageBound(descending: $0.descending) }
                self.judge = SearchAndSortJudge(search: run.query.search, locale: run.query.searchLocale, sort: run.query.sort, bound: bound)
                best = MapStageBest(limit: limit, descending: run.query.sort?.descending ?? false, bound: bound)
            } else {
                guard let search = run.query.search else { return nil }
                self.judge = SearchAndSortJudge(search: search, locale: run.query.searchLocale, sort: nil)
            }
        case .users:
            return nil
        }
        self.best = best
        kind = plan.kind
        encoder = plan.encoder
        keys = StageKeyWriter(descending: run.query.sort?.descending ?? false)
    }

    /// The rows of a batch's records judged to a cell (json, ndjson), by record index, encoded in
    /// one call as one run encodes them.
    func cellRows(of records: [NormalizedRecord]) -> [Int: EncodedRow] {
        guard kind == .rows, let encoder else { return [:] }
        var indices: [Int] = []
        var cells: [KeyedCell] = []
        for (index, record) in records.enumerated() {
            guard case .keyed(let keyed) = record, case .wanted(_, let cell?) = keyed.judgement else { continue }
            indices.append(index)
            cells.append(cell)
        }
        guard !cells.isEmpty else { return [:] }
        return Dictionary(uniqueKeysWithValues: zip(indices, encoder.encode(cells)))
    }

    /// Writes the user field of record `index` of `batch`, decided from its keys, at `position`:
    /// a shadow, a count, a ready row, or the user built (a page's match). `cellRows`: from ``cellRows(of:)``.
    mutating func write(_ keyed: KeyedRecord, record index: Int, of batch: RecordBatch, position: Int, cellRows: [Int: EncodedRow], to output: OutputWriter) throws(UserlistError) {
        switch keyed.judgement {
        case .dropped:
            output.write(byte: StageLine.shadow)
        case .counted:
            output.write(byte: StageLine.counted)
        case .written(let value, let row):
            keys.writeReadyRow(value, position, row, to: output)
        case .wanted(let value, let cell):
            if cell != nil, let row = cellRows[index] {
                keys.writeReadyRow(value, position, row, to: output)
                return
            }
            guard kind == .page else { throw Self.notReadAgain(index, batch) }
            StageUserJSON.append(try user(of: index, in: batch), place: nil, to: output)
        }
    }

    /// The user of record `index`, decided from its keys, built from its text.
    func user(of index: Int, in batch: RecordBatch) throws(UserlistError) -> User {
        guard case .user(let user)? = batch.materialize(record: index).map(NormalizedRecord.init) else { throw Self.notReadAgain(index, batch) }
        return user
    }

    /// The record was read once already: reading it again can only fail if its bytes changed.
    private static func notReadAgain(_ index: Int, _ batch: RecordBatch) -> UserlistError {
        UserlistError(.data, Diagnostic(.inputChanged, at: batch.location(ofRecord: index), "the record could not be read again"))
    }
}
