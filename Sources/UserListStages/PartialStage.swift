import UserListKit
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListViewModel
import UserListService
import UserListRendering
import UserListInput

/// `userlist stage partial`: one partition of deduplicated users → the partition's candidates and counts.
///
/// Each user goes through what a single run does after dedupe, with the same code
/// (``UserListViewModel/annotator(query:filter:encoder:)``): the sort key, the row. `--where` and
/// `--search` ran in the map stage: a user they left out comes as a shadow, and one `--where`
/// failed on with the error, reported here when that occurrence is the first.
/// A paged query keeps its best page × page size in a `partial` ``PageCollector`` — any of them
/// may be on the page once every partition is seen — and writes them at the end; a full export
/// writes every match, encoded as the output's row when the format allows, each behind its
/// ``CompactSortKey``, after its counts line and sorted by that key (``StageSortedRows``): each
/// partition is a sorted run, and the driver merges runs. The map stage's counts that reached
/// this partition are added to its own and handed on in one line.
struct PartialStage {
    let run: UserListRun
    let names: [String]
    /// `--dedupe`: the lines may repeat an id (a shuffle that only moved them, ``StageBuckets``):
    /// each id's line of smallest position is kept, the others are dropped — what a shuffle that
    /// deduplicates (`reduceByKey`) keeps. The partition's lines are held until its end then.
    var dedupe = false
    /// `--compress-run`: a full export's sorted rows, after the counts line, as one zstd frame
    /// (``ZstdFrameWriter``), for `stage merge --runs` to read back.
    var compressRun = false

    func run(_ input: StageInput, to output: OutputWriter) throws(UserlistError) {
        run.prepareJQ()
        // A single run's stages from filter to cells, on users the shuffle deduplicated; the
        // rank keeps this partition's candidates, and the merge the page.
        let stages = run.pipeline().from(.filter).through(.cells)
        let plan = StagePlan(stages)
        guard !compressRun || plan.sortsLines else {
            throw UserlistError(.usage, Diagnostic(.usage, scope: "stage partial", option: "--compress-run", "only a full export's sorted run is compressed; this query's answer is a \(plan.kind.rawValue)"))
        }
        let query = stages.query
        var collector = plan.kind == .page ? PageCollector(sort: query.sort, page: query.page, pageSize: query.pageSize, partial: true) : nil
        // The map stage judged `--where` and `--search` on every user and sent a shadow for one
        // they leave out: every user here matched, so neither runs again (the search folded
        // every kept user's text a second time).
        var judged = query
        judged.search = nil
        let annotate = UserListViewModel.annotator(query: judged, filter: nil, encoder: plan.kind == .rows ? plan.encoder : nil)
        var statistics = StageStatistics(options: run.stageFingerprint)
        var forwarded: StageStatistics?
        var seen = Set<[UInt8]>()
        let held = StageFirstOccurrences()
        let batch = StageRecordBatch()
        var lines = 0
        var keys = StageKeyWriter(descending: run.query.sort?.descending ?? false)
        // A full export's rows: this partition's sorted run, after its counts.
        let rows = StageSortedRows()
        // A `--where` error's user is a reject too (``StageError/reject``).
        let keepsRejects = run.stagesCarryRejects

        func process() throws(UserlistError) {
            let (users, badLine) = batch.users()
            if let badLine { throw StageFailure.bad(.partial, input, badLine, "not a user as the map stage writes it") }
            // Each user the filter passed (or that ran under no filter), annotated in one call.
            let judged = users.indices.filter { users[$0].failure == nil }
            var annotations = [UserAnnotation?](repeating: nil, count: users.count)
            for (index, annotation) in zip(judged, annotate(judged.map { users[$0].user })) { annotations[index] = annotation }
            for index in users.indices {
                statistics.distinct += 1
                let user = users[index].user
                let position = batch.entries[index].position
                if let message = users[index].failure {
                    let place = users[index].place
                    let location = place.map { SourceLocation(input: names.indices.contains($0.input) ? names[$0.input] : "-", line: $0.line, column: $0.column, path: $0.path) }
                    let error = UserlistError(.data, UserListViewModel.whereDiagnostic(place: location, message: message, id: user.id))
                    var stageError = StageError(input: place?.input ?? 0, rank: .filter, position: position, error: error)
                    if keepsRejects, statistics.errors.keeps(stageError) {
                        stageError.reject = Self.whereReject(user, location: location, message: message)
                    }
                    statistics.errors.add(stageError)
                    continue
                }
                guard let annotation = annotations[index] else { continue }
                statistics.matched += 1
                switch plan.kind {
                case .count:
                    break
                case .page:
                    if collector!.limit != nil { try? collector!.add(.user(user), sortValue: annotation.sortValue, position: position) }
                case .rows, .users:
                    let line = rows.output
                    keys.write(annotation.sortValue, position, to: line)
                    if let row = annotation.row {
                        row.withBytes { StageLine.appendEscaped($0, to: line) }
                    } else {
                        StageUserJSON.append(user, place: nil, to: line)
                    }
                    line.write(byte: UInt8(ascii: "\n"))
                    rows.endLine()
                }
            }
            batch.removeAll()
        }

        /// A line the map stage decided from the record's keys (``MapStageJudging``): a count, or
        /// a full export's ready row, written as it is behind its key and position. False: a user.
        func takeJudged(_ user: UnsafeRawBufferPointer, _ position: Int, line: Int) throws(UserlistError) -> Bool {
            if StageLine.isCounted(user) {
                guard plan.kind == .count else { throw Self.otherQuery("a match only counted", plan, input, line) }
            } else if StageLine.isHeldBack(user) {
                guard plan.kind == .page else { throw Self.otherQuery("a page's match held back", plan, input, line) }
            } else if let ready = StageLine.readyRow(user) {
                guard plan.kind == .rows else { throw Self.otherQuery("a full export's row", plan, input, line) }
                let line = rows.output
                line.write(ready.key)
                line.write(byte: UInt8(ascii: "\t"))
                line.write(int: position)
                line.write(byte: UInt8(ascii: "\t"))
                line.write(ready.row)
                line.write(byte: UInt8(ascii: "\n"))
                rows.endLine()
            } else {
                return false
            }
            statistics.distinct += 1
            statistics.matched += 1
            return true
        }

        /// A user's JSON, without the mark of one of a map's best (``StageLine/best``), counted.
        var bestKept = 0
        func best(_ user: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            guard user.first == StageLine.best else { return user }
            bestKept += 1
            return UnsafeRawBufferPointer(rebasing: user.dropFirst())
        }

        // --dedupe: a block's user lines, added at once (``StageFirstOccurrences/add(_:)``).
        var toDedupe: [StageFirstOccurrences.Line] = []
        var previousPosition: Int?
        func take(_ line: UnsafeRawBufferPointer, _ number: Int) throws(UserlistError) {
            lines += 1
            if line.first == UInt8(ascii: "#") {
                throw StageFailure.bad(.partial, input, number, "a rejected record as the map stage writes it with --rejects: set those lines apart for merge --reject-lines")
            }
            guard let fields = StageLine.fields(line, count: 3) else {
                throw StageFailure.badLine(.partial, input, number, line, expected: "KEY<TAB>POSITION<TAB>USER, as the map stage writes")
            }
            if StageLine.isCounts(line) {
                let counts = try StageStatistics(countsLine: fields[2], from: .map, in: .partial, options: statistics.options, input, line: number)
                if forwarded == nil { forwarded = counts } else { forwarded!.merge(counts) }
                return
            }
            // `+K`: K lines after the user line before it (the map's bucket frames, ``StageBuckets``).
            guard let position = StageLine.integer(fields[1]) ?? previousPosition.flatMap({ StagePosition.relative(fields[1], after: $0) }) else {
                throw StageFailure.badLine(.partial, input, number, line, expected: "KEY<TAB>POSITION<TAB>USER, as the map stage writes")
            }
            previousPosition = position
            if dedupe {
                toDedupe.append(.init(line: number, position: position, key: fields[0], json: fields[2]))
                return
            }
            // The shuffle must have kept one line per id: a second one would be counted twice.
            guard seen.insert(Array(fields[0])).inserted else {
                throw StageFailure.bad(.partial, input, number, "id \(String(decoding: fields[0], as: UTF8.self)) again: deduplicate by id before this stage (keep each id's smallest position, or give --dedupe)")
            }
            if StageLine.isShadow(fields[2]) {
                statistics.distinct += 1
                return
            }
            if try takeJudged(fields[2], position, line: number) { return }
            batch.add(line: number, position: position, json: best(fields[2]))
            if batch.isFull { try process() }
        }
        // A block of lines at a time: a partition's lines are read and, with --dedupe, looked up in bulk.
        try input.forEachBlock { (block, first, _, _) throws(UserlistError) in
            try StageInput.forEachLine(in: block) { (line, k, _) throws(UserlistError) in try take(line, first + k) }
            if !toDedupe.isEmpty {
                try held.add(toDedupe)
                toDedupe.removeAll(keepingCapacity: true)
            }
        }
        // --dedupe: each id's first occurrence, in the order the lines came.
        try held.forEachKept { (line, position, json) throws(UserlistError) in
            if StageLine.isShadow(json) {
                statistics.distinct += 1
                return
            }
            if try takeJudged(json, position, line: line) { return }
            batch.add(line: line, position: position, json: best(json))
            if batch.isFull { try process() }
        }
        if !batch.isEmpty { try process() }
        guard lines > 0 else { return }
        if bestKept > 0 { statistics.heldBack = StageStatistics.HeldBack(kept: bestKept) }
        if var forwarded {
            forwarded.merge(statistics)
            statistics = forwarded
        }
        output.write("!\t0\t")
        output.write(statistics.json())
        output.write(byte: UInt8(ascii: "\n"))
        if compressRun {
            let frame = ZstdFrameWriter { output.write($0) }
            rows.forEachSortedLine { frame.write($0) }
            frame.finish()
        } else {
            rows.write(to: output)
        }
        for candidate in collector?.candidates() ?? [] {
            guard case .user(let user) = candidate.kept else { continue }
            keys.write(candidate.sortValue, candidate.position, to: output)
            StageUserJSON.append(user, place: nil, to: output)
            output.write(byte: UInt8(ascii: "\n"))
        }
        try output.flush()
    }

    /// A line the map stage wrote for another query than this stage's (its counts line would say
    /// so too, but this line comes first).
    static func otherQuery(_ what: String, _ plan: StagePlan, _ input: StageInput, _ line: Int) -> UserlistError {
        StageFailure.bad(.partial, input, line, "\(what) from the map stage, but this query's answer is a \(plan.kind.rawValue): give every stage the same options")
    }

    /// The rejects file's line for a user `--where` failed on, as a single run writes it: the
    /// canonical user of the fields the run decoded (the map stage decodes the same ones).
    static func whereReject(_ user: User, location: SourceLocation?, message: String) -> String {
        let line = OutputWriter()
        let record = RejectedRecord(
            kind: .whereFailed, location: location ?? SourceLocation(input: "-", line: 0, column: 0), reason: "--where: \(message)",
            text: .json(CanonicalUserBuilder().build(user).json()))
        RejectsFile.write(record, to: line)
        return String(line.text.dropLast())
    }
}
