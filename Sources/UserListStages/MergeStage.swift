import UserListKit
import UserListPlatform
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListViewModel
import UserListService
import UserListRendering
import Foundation

/// `userlist stage merge`: every partition's lines → exactly the output of one run.
///
/// The counts are summed (``StageStatistics``), so totals, pages, `hasMore` and the summary are a
/// single run's. A paged query's candidates go into one `partial` ``PageCollector`` by their global
/// positions (ties in the sort keep input order), which then gives the page a single run gives; a
/// full export's lines arrive sorted by their key and are written in that order (each key must be
/// greater than the one before, or the driver did not sort them). Warnings are printed as a single
/// run prints them, then the page is rendered by the same renderer; an error a stage met in the
/// data is reported as a single run reports it, with its exit code, and nothing is written.
struct MergeStage {
    let run: UserListRun
    /// Input lines the driver numbered, when it says: fewer or more counted means a lost or
    /// repeated partition, which must not pass as an answer.
    var expectedLines: Int?
    /// The inputs' names, as the driver numbered them (a single run's messages name its one input).
    var names: [String] = []
    /// The whole output, or a piece of it (``MergePart``).
    var part: MergePart = .whole
    /// `--rejects FILE`: where the merge writes the reject lines (nil for `--max-rejects` alone).
    var rejects: RejectsFile?
    /// `--reject-lines` (with `--rejects` or `--max-rejects`): the map stage's reject lines
    /// (`#POSITION⇥POSITION⇥LINE`), sorted by position, read once every count is in — before a
    /// full export's first row — to write `rejects` and to count them (``settleRejects(_:bases:)``).
    var rejectLines: StageInput?
    /// What the merge had counted when it failed, for `--summary` (set once every count is in).
    var seen = Seen()

    /// A failed run's counts for its summary: the bytes and records the job read, and the
    /// rejects a single run counted before stopping (with `--rejects` or `--max-rejects`; a
    /// single run counts none without either).
    final class Seen {
        var bytes = 0
        var records = 0
        var rejected = 0
    }

    func run(_ input: StageInput, to output: OutputWriter, warnings: any WarningReporter) throws(UserlistError) -> (RunStatistics, StageStatistics) {
        // A single run's rank and render stages, over every partition's candidates or rows.
        let stages = run.pipeline().from(.rank)
        let (renderer, highlight) = try stages.render!.renderer()
        let plan = StagePlan(stages)
        try checkPart(plan, streams: plan.kind == .rows && MergeRowStream(renderer: renderer, highlight: highlight) != nil)
        var collector = PageCollector(sort: stages.query.sort, page: stages.query.page, pageSize: stages.query.pageSize, partial: true)
        var total = StageStatistics(options: run.stageFingerprint)
        let batch = StageRecordBatch()
        var kept: [PageCollector.Kept] = []
        var rowBytes: [UInt8] = []
        var rowRanges: [Range<Int>] = []
        /// The last row's key, for the order check (one buffer, reused row after row).
        var previousKey: [UInt8] = []
        var hasPreviousKey = false
        // A full export's rows go out as they come when the format allows (see MergeRowStream).
        let stream = plan.kind == .rows ? MergeRowStream(renderer: renderer, highlight: highlight) : nil
        var streaming = false
        var streamed = 0
        /// In a run that fails, the rows a single run streamed before failing: up to this position.
        var streamEnd: Int?
        /// Every record read was not a person: a single run's error, instead of the output.
        var onlyNonPeople: UserlistError?
        // --part ends: the output's start, and what follows it from the given row on.
        let head = part == .ends ? OutputWriter() : output
        let rowsOutput = part == .ends ? OutputWriter() : output

        /// The split's line counts before each marked split, taken before ``StageStatistics/resolveLines()``
        /// lets the marks go: the reject lines are resolved with them after.
        var bases: [Int: Int]?
        var settled = false
        func resolveLines() throws(UserlistError) {
            if bases == nil, let parts = total.parts { bases = StageLineMark.bases(parts) }
            try total.resolveLines()
            // The rejects, once: they may change the error (`--max-rejects`).
            if !settled {
                settled = true
                seen.bytes = total.bytes
                seen.records = total.records
                try settleRejects(&total, bases: bases ?? [:])
            }
        }

        /// Once every line of counts is in (they sort first): the warnings, and the output's start.
        func startStreaming() throws(UserlistError) {
            streaming = true
            try resolveLines()
            if let error = total.error {
                for text in Self.warnings(total, before: error) { warnings.warn(.warning(.relayed, text)) }
                // A single run printing every match in input order streams its rows as they are
                // decided: the header, and the rows of the inputs before the one it failed in —
                // and of that one's records before a reading error, which it took in first (an
                // error the Service or `--where` meets stops it before the batch's rows).
                guard stages.query.sort == nil, stream!.streamsInOneRun else {
                    streamEnd = -1
                    return
                }
                streamEnd = error.rank == .reading ? error.position
                    : total.starts.first { $0.input == error.input }.map { StagePosition.of(line: $0.line, item: 0) } ?? .max
            } else {
                for text in Self.warnings(total, before: nil) { warnings.warn(.warning(.relayed, text)) }
                onlyNonPeople = NonPeopleCheck.error(for: total.report, inputs: names.map(InputSource.init(argument:)))
                if onlyNonPeople != nil { return }
                for line in LoadMessages.summary(of: total.report) { warnings.warn(line) }
            }
            let state = UserListPage(query: stages.query, totalItems: total.matched, kept: []).state
            if part == .ends {
                stream!.writeOpeningNow(state, to: head)
            } else {
                stream!.writeOpening(state, to: output)
            }
        }

        func sealRows() {
            let storage = EncodedRows(rowBytes)
            kept += rowRanges.map { .row(EncodedRow(storage: storage, range: $0)) }
            rowBytes = []
            rowRanges = []
        }

        func process() throws(UserlistError) {
            let (users, badLine) = batch.users()
            if let badLine { throw StageFailure.bad(.merge, input, badLine, "not a user as the partial stage writes it") }
            for (index, decoded) in users.enumerated() {
                // A `--where` error is the partial stage's to report: it never writes one on.
                if decoded.failure != nil { throw StageFailure.bad(.merge, input, batch.entries[index].line, "not a user as the partial stage writes it") }
                let user = decoded.user
                if plan.kind == .page {
                    if collector.limit != nil {
                        try? collector.add(.user(user), sortValue: stages.query.sort?.sortValue(of: user), position: batch.entries[index].position)
                    }
                } else {
                    kept.append(.user(user))
                }
            }
            batch.removeAll()
        }

        var linesRead = 0
        try input.forEachLine { (line, number) throws(UserlistError) in
            linesRead += 1
            guard let fields = StageLine.fields(line, count: 3) else {
                throw StageFailure.badLine(.merge, input, number, line, expected: "SORTKEY<TAB>POSITION<TAB>RECORD, as the partial stage writes")
            }
            if StageLine.isCounts(line) {
                let counts = try StageStatistics(countsLine: fields[2], from: .partial, in: .merge, options: total.options, input, line: number)
                if part == .rows {
                    throw StageFailure.bad(.merge, input, number, "counts in --part rows: give it one partition's rows only (--part ends takes the counts)")
                }
                if hasPreviousKey, plan.sortsLines {
                    throw StageFailure.bad(.merge, input, number, "counts after rows: sort the partial stage's lines by their first field before the merge")
                }
                total.merge(counts)
                return
            }
            guard let position = StageLine.integer(fields[1]) else {
                throw StageFailure.badLine(.merge, input, number, line, expected: "SORTKEY<TAB>POSITION<TAB>RECORD, as the partial stage writes")
            }
            if plan.sortsLines {
                // A full export is written in the order it comes: it must be the sorted order.
                if hasPreviousKey, !Self.precedes(previousKey, fields[0]) {
                    throw StageFailure.bad(.merge, input, number, "rows out of order: sort the partial stage's lines by their first field before the merge")
                }
                previousKey.removeAll(keepingCapacity: true)
                previousKey.append(contentsOf: UnsafeBufferPointer(start: fields[0].baseAddress?.assumingMemoryBound(to: UInt8.self), count: fields[0].count))
                hasPreviousKey = true
            }
            if part == .rows {
                rowBytes.removeAll(keepingCapacity: true)
                guard StageLine.appendUnescaped(fields[2], to: &rowBytes) else {
                    throw StageFailure.bad(.merge, input, number, "not a row as the partial stage writes it")
                }
                rowBytes.withUnsafeBytes { stream!.writeDetached($0, to: output) }
                return
            }
            if stream != nil {
                if !streaming { try startStreaming() }
                if part == .ends, streamed > 0 {
                    throw StageFailure.bad(.merge, input, number, "a second row in --part ends: give it the counts and at most the export's last row")
                }
                rowBytes.removeAll(keepingCapacity: true)
                guard StageLine.appendUnescaped(fields[2], to: &rowBytes) else {
                    throw StageFailure.bad(.merge, input, number, "not a row as the partial stage writes it")
                }
                streamed += 1
                if let streamEnd, position >= streamEnd { return }
                rowBytes.withUnsafeBytes { stream!.write($0, to: rowsOutput) }
                return
            }
            if plan.kind == .rows {
                // A row's place in its buffer is 32-bit: a new buffer every GiB.
                if rowBytes.count > 1 << 30 { sealRows() }
                let start = rowBytes.count
                guard StageLine.appendUnescaped(fields[2], to: &rowBytes) else {
                    throw StageFailure.bad(.merge, input, number, "not a row as the partial stage writes it")
                }
                rowRanges.append(start..<rowBytes.count)
                return
            }
            batch.add(line: number, position: position, json: fields[2])
            if batch.isFull { try process() }
        }
        if !batch.isEmpty { try process() }

        if part == .rows {
            try output.flush()
            return (RunStatistics(), total)
        }
        if part == .combine {
            // An empty partition adds nothing, as the partial stage writes nothing for one.
            guard linesRead > 0 else { return (RunStatistics(), total) }
            // A count has no candidates (nor a collector that keeps any).
            writeCombined(total, plan.kind == .page && collector.limit != nil ? collector.candidates() : [], to: output)
            try output.flush()
            return (RunStatistics(), total)
        }
        if let expectedLines, total.lines != expectedLines {
            throw UserlistError(.data, Diagnostic(.stage, scope: "stage merge", "the map stage read \(total.lines) lines of the \(expectedLines) the driver numbered: a partition's lines were lost or counted twice"))
        }
        try resolveLines()
        if stream != nil {
            if !streaming { try startStreaming() }
            if let error = total.error {
                try? output.flush()
                throw error.error
            }
            if let onlyNonPeople { throw onlyNonPeople }
            guard streamed == total.matched || part == .ends else { throw Self.lostRows(streamed, total) }
            stream!.writeClosing(to: rowsOutput)
            if part == .ends {
                output.write("{\"head\":")
                JSONText.appendString(head.text, to: output)
                output.write(",\"tail\":")
                JSONText.appendString(rowsOutput.text, to: output)
                output.write("}\n")
            }
            try output.flush()
            var statistics = RunStatistics()
            statistics.report = total.report
            statistics.matched = total.matched
            statistics.written = total.matched
            return (statistics, total)
        }
        if let error = total.error {
            for text in Self.warnings(total, before: error) { warnings.warn(.warning(.relayed, text)) }
            throw error.error
        }
        // Before anything is said: the driver runs the job again when the page can't be trusted.
        if plan.kind == .page, let held = total.heldBack {
            try Self.checkHeldBack(held, collector, descending: stages.query.sort?.descending ?? false)
        }
        for text in Self.warnings(total, before: nil) { warnings.warn(.warning(.relayed, text)) }
        if let error = NonPeopleCheck.error(for: total.report, inputs: names.map(InputSource.init(argument:))) { throw error }
        for line in LoadMessages.summary(of: total.report) { warnings.warn(line) }

        var statistics = RunStatistics()
        statistics.report = total.report
        if plan.kind == .count {
            output.write(int: total.matched)
            output.write(byte: UInt8(ascii: "\n"))
            try output.flush()
            statistics.matched = total.matched
            statistics.written = 1
            return (statistics, total)
        }
        switch plan.kind {
        case .page: kept = collector.page()
        case .rows: sealRows()
        default: break
        }
        if plan.kind != .page, kept.count != total.matched { throw Self.lostRows(kept.count, total) }
        let state = UserListPage(query: stages.query, totalItems: total.matched, kept: kept).state
        // `--limit`'s envelope, as one run describes it.
        try run.render(run.limited(state), with: renderer, highlight: highlight, to: output)
        statistics.count(state, query: stages.query)
        return (statistics, total)
    }

    /// Whether the page can hold a match a map stage held back (``MapStageBest``): only when one
    /// of the maps' best lost to an earlier occurrence of its id, and then only if the page's last
    /// user does not sort before every such map's last best (`bound`). Then exit 75, and the
    /// driver runs the job again with `stage map --all-candidates`.
    static func checkHeldBack(_ held: StageStatistics.HeldBack, _ collector: PageCollector, descending: Bool) throws(UserlistError) {
        guard held.kept < held.sent, let bound = held.bound, let limit = collector.limit else { return }
        let candidates = collector.candidates()
        if candidates.count >= limit {
            var last: [UInt8] = []
            var key: [UInt8] = []
            var scratch: [UInt8] = []
            for candidate in candidates {
                key.removeAll(keepingCapacity: true)
                CompactSortKey.appendText(candidate.sortValue, descending: descending, position: candidate.position, to: &key, scratch: &scratch)
                if last.lexicographicallyPrecedes(key) { swap(&last, &key) }
            }
            if last.lexicographicallyPrecedes(Array(bound.utf8)) { return }
        }
        throw UserlistError(.retry, Diagnostic(.stage, scope: "stage merge", "\(held.sent - held.kept) of the map stages' best matches were repeated ids, so a match they held back could be on the page: run the job again with stage map --all-candidates"))
    }

    /// In a run that fails, where its rejects end: a single run writes a chunk's rejects as it
    /// takes the chunk's records in — those before a reading error included — and stops at a
    /// `--where` error after them. So, when each input is one 4 MiB chunk: the rejects before a
    /// reading error, or up to the end of a `--where` error's input (its reading error, if it
    /// has one). (A `--strict` run writes none: its first reject is its error.)
    static func rejectsEnd(_ total: StageStatistics) -> Int? {
        guard let error = total.error else { return nil }
        switch error.rank {
        case .tooManyRejects: return error.position + 1
        case .reading: return error.position
        case .strict: return total.start(of: error.input) ?? error.position
        case .filter: return total.errors.reading?.position ?? total.start(of: error.input + 1) ?? .max
        }
    }

    /// The map stage's reject lines, in order of position, up to where a single run stops
    /// (``rejectsEnd(_:)``), their line numbers resolved: written to `--rejects` FILE, and counted
    /// for `--max-rejects N`. Past N the run fails at the reject one too many, as a single run
    /// does: its error replaces any later one, its warnings are the rejects' before it, and it is
    /// the file's last line. A `--where` error's user is a reject too, after its input's: the
    /// file's last line, and the one too many when exactly N came before it.
    private func settleRejects(_ total: inout StageStatistics, bases: [Int: Int]) throws(UserlistError) {
        guard let rejectLines else { return }
        let end = Self.rejectsEnd(total)
        let maximum = run.maxRejects
        var count = 0
        var tooMany: (position: Int, line: String)?
        var previous = -1
        try rejectLines.forEachLine { (line, number) throws(UserlistError) in
            guard line.first == UInt8(ascii: "#"), let fields = StageLine.fields(line, count: 3), let position = StageLine.integer(fields[1]) else {
                throw StageFailure.badLine(.merge, rejectLines, number, line, expected: "#POSITION<TAB>POSITION<TAB>REJECT, as the map stage writes with --rejects or --max-rejects")
            }
            guard position > previous else {
                throw StageFailure.bad(.merge, rejectLines, number, "rejects out of order: sort the map stage's reject lines by position")
            }
            previous = position
            if let end, position >= end { return }
            // A single run stops at the reject one too many.
            guard tooMany == nil else { return }
            count += 1
            let resolved = StageLineMark.resolveReject(String(decoding: fields[2], as: UTF8.self), bases: bases)
            rejects?.append(line: resolved)
            if let maximum, count > maximum { tooMany = (position, resolved) }
        }
        if let tooMany, let maximum {
            let input = total.starts.last { StagePosition.of(line: $0.line, item: 0) <= tooMany.position }?.input ?? 0
            let error = RejectsFile.tooMany(maximum, last: try Self.place(ofReject: tooMany.line, in: rejectLines))
            total.errors.replace(with: StageError(input: input, rank: .tooManyRejects, position: tooMany.position, error: error))
        } else if let error = total.error, error.rank == .filter, let reject = error.reject {
            let line = StageLineMark.resolveReject(reject, bases: bases)
            rejects?.append(line: line)
            count += 1
            if let maximum, count > maximum {
                let tooMany = RejectsFile.tooMany(maximum, last: try Self.place(ofReject: line, in: rejectLines))
                total.errors.updateChosen {
                    $0.code = tooMany.exitCode
                    $0.message = tooMany.message
                }
            }
        }
        seen.rejected = count
        try rejects?.flush()
    }

    /// `INPUT:LINE:COLUMN: REASON` of a rejects file's line, as `--max-rejects` names its last
    /// reject. The fields before `record` or `text` are ours (``StageLineMark/resolveReject(_:bases:)``):
    /// only they are decoded, never the input's own JSON.
    private static func place(ofReject line: String, in lines: StageInput) throws(UserlistError) -> String {
        struct Place: Decodable {
            var input: String
            var line: Int
            var column: Int
            var reason: String
        }
        var cut = line.endIndex
        for field in [",\"record\":", ",\"text\":"] {
            if let found = line.range(of: field), found.lowerBound < cut { cut = found.lowerBound }
        }
        guard let place = try? JSONDecoder().decode(Place.self, from: Data((line[..<cut] + "}").utf8)) else {
            throw UserlistError(.data, Diagnostic(.stage, scope: "stage merge", input: lines.name, "not a rejects file's line: '\(line.prefix(80))'"))
        }
        return "\(SourceLocation(input: place.input, line: place.line, column: place.column)): \(place.reason)"
    }

    /// Whether this query has the piece `part` asks for: combining is for the queries whose
    /// partial lines are few (a page, a count), rows and ends for a full export whose rows stream.
    private func checkPart(_ plan: StagePlan, streams: Bool) throws(UserlistError) {
        switch part {
        case .whole:
            return
        case .combine:
            guard plan.kind == .page || plan.kind == .count else {
                throw UserlistError(.usage, Diagnostic(.usage, option: "stage merge --part combine", "only a paged query (--page) or --count combines; a full export's lines are sorted"))
            }
        case .rows, .ends:
            guard streams else {
                throw UserlistError(.usage, Diagnostic(.usage, option: "stage merge --part \(part.rawValue)", "only a full export in json, ndjson, csv or tsv (not coloured json) is written in parts; a page, a count, a table, markdown, html and --jq-out are written whole"))
            }
        }
    }

    /// `--part combine`'s output: the summed counts, then the candidates, as the partial stage writes them.
    private func writeCombined(_ total: StageStatistics, _ candidates: [(kept: PageCollector.Kept, sortValue: SortValue?, position: Int)], to output: OutputWriter) {
        output.write("!\t0\t")
        output.write(total.json())
        output.write(byte: UInt8(ascii: "\n"))
        var keys = StageKeyWriter(descending: run.query.sort?.descending ?? false)
        for candidate in candidates {
            guard case .user(let user) = candidate.kept else { continue }
            keys.write(candidate.sortValue, candidate.position, to: output)
            StageUserJSON.append(user, place: nil, to: output)
            output.write(byte: UInt8(ascii: "\n"))
        }
    }

    /// Whether `key` sorts after `previous`, byte by byte (a prefix first).
    static func precedes(_ previous: [UInt8], _ key: UnsafeRawBufferPointer) -> Bool {
        previous.withUnsafeBytes { before in
            let shared = min(before.count, key.count)
            let order = shared == 0 ? 0 : Memory.compare(before.baseAddress!, key.baseAddress!, shared)
            return order != 0 ? order < 0 : before.count < key.count
        }
    }

    static func lostRows(_ rows: Int, _ total: StageStatistics) -> UserlistError {
        UserlistError(.data, Diagnostic(.stage, scope: "stage merge", "\(rows) rows for the \(total.matched) users that matched: a partition's rows were lost or repeated"))
    }

    /// A single run's warnings about records and inputs, in input order: the first skipped
    /// records and the inputs that ended where more pages were announced. Before `error`, only
    /// those a single run prints before stopping there: each reject warns as it is written
    /// (``rejectsEnd(_:)``), and one too many stops it before its own warning.
    static func warnings(_ total: StageStatistics, before error: StageError?) -> [String] {
        var lines: [(position: Int, text: String)] = []
        let end = error.map { $0.rank == .tooManyRejects ? $0.position : rejectsEnd(total)! } ?? .max
        for warning in total.warnings where warning.position < end {
            lines.append((warning.position, warning.text))
        }
        for end in total.ends {
            guard let note = end.note else { continue }
            if let error, end.input >= error.input { continue }
            lines.append((end.position, note))
        }
        return lines.sorted { $0.position < $1.position }.map(\.text)
    }
}
