@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListService
import UserListViewModel

/// `--where`'s answer on each user of one batch of the map stage, judged in one call (a filter may
/// use several threads), and the place of each user it failed on: the error names it, as one
/// run's does. Without a filter every user is included.
struct MapStageVerdicts {
    private var verdicts: [FilterVerdict?] = []
    /// By record index: where each user the filter failed on was read.
    private(set) var places: [Int: StageUserJSON.Place] = [:]

    /// `keepsPaths`: the run keeps rejects, whose lines name the user's path in its document.
    init(_ records: [NormalizedRecord], of batch: RecordBatch, input: Int, filter: JQUserFilter?, keepsPaths: Bool) {
        guard let filter else { return }
        var users: [Int] = []
        var judged: [User] = []
        for (index, record) in records.enumerated() {
            guard case .user(let user) = record else { continue }
            users.append(index)
            judged.append(user)
        }
        verdicts = [FilterVerdict?](repeating: nil, count: records.count)
        for (index, verdict) in zip(users, filter.verdicts(for: judged)) { verdicts[index] = verdict }
        let failed = users.filter { if case .failed = verdicts[$0] { true } else { false } }
        for (index, location) in zip(failed, batch.locations(ofRecords: failed)) {
            places[index] = StageUserJSON.Place(input: input, line: location.line, column: location.column, path: keepsPaths ? location.path : nil)
        }
    }

    /// The filter's answer on record `index`, a user.
    func verdict(of index: Int) -> FilterVerdict {
        verdicts.isEmpty ? .included : verdicts[index] ?? .included
    }
}
