import UserListKit
import UserListPlatform
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListGateway
@_spi(Pipeline) import UserListService
import UserListRendering
import UserListViewModel

/// `userlist stage map`: numbered input lines → one keyed line per user, and the partition's counts.
///
/// Each line is read as a single run reads it (``LineReader``: shapes, mappings, `--jq`,
/// `--users-at`, `--skip-bad-json`), and each record goes through the Service's rules that need no
/// other record (``NormalizedRecord``), then `--where` and `--search`, whose answers travel with
/// it (``map(_:lines:lastDocument:input:strict:filter:judging:output:buckets:statistics:)``). A
/// native record is decided from its keys where one run would (``MapStageJudging``): only what
/// the later stages need of it is made. A user is written under its id, for the shuffle that
/// keeps each id's smallest position; everything else is counted, and what a single run would say
/// about it (a skipped record's warning, a `--strict` error, a bad line) is carried in the counts.
/// With `--rejects` or `--max-rejects`, each rejected record is also written as
/// `#POSITION⇥POSITION⇥LINE`, LINE the rejects file's line (its line numbers marked as the warnings' are), for the merge to write.
struct MapStage {
    let run: UserListRun
    /// The inputs' names, by index: messages name them as a single run would.
    let names: [String]
    /// `--jq`, compiled: nil compiles it here.
    var transform: JQDocumentTransform?
    /// `--where`, compiled: nil compiles it here (a test hands one to many splits in a process,
    /// where libjq 1.6 takes ~25 ms to compile each).
    var filter: JQUserFilter?
    /// `--split`: the input is one split's raw lines, numbered from the split's first (nil: numbered lines).
    var split: StageSplit?
    /// `--buckets N`: the lines framed by the partition of the shuffle they go to (``StageBuckets``).
    var buckets: Int?
    /// `--compress-frames`: with `buckets`, each users' frame one zstd frame (``StageBuckets``).
    var compressFrames = false
    /// `--all-candidates`: a page's every match sent whole, none held back (``MapStageBest``).
    var allCandidates = false

    func run(_ input: StageInput, to output: OutputWriter) throws(UserlistError) {
        run.prepareJQ()
        // A single run's stages up to normalise, each line read as the read and frame stages read
        // a document, and the filter's and search's answers (``map``); dedupe is the driver's
        // shuffle. A user kept travels whole, to be ranked in the partial stage, or, in a full
        // export with rows, as its row and sort key (``MapStageRows``, ``MapStageJudging``).
        let pipeline = run.pipeline()
        let stages = pipeline.through(.normalise)
        let mapping = stages.map!
        let strict = stages.normalise!.strict
        let namesInputsToJQ = stages.read!.namesInputsToJQ
        var transform = self.transform
        if transform == nil { transform = try stages.transform?.compiled() }
        var filter = self.filter
        if filter == nil { filter = try pipeline.filter?.compiled(parallelism: run.threads ?? UserGateway.defaultWorkers) }
        let plan = StagePlan(pipeline)
        var judging = MapStageJudging(run, plan: plan, map: mapping, allCandidates: allCandidates)
        var rows = MapStageRows(run, plan: plan)
        var reader = LineReader(fields: mapping.fields, usersAt: mapping.usersAt, preTransform: transform, skipBadJSON: stages.read!.skipBadJSON, mappingOptions: mapping.options, judge: judging?.judge)
        var statistics = StageStatistics(options: run.stageFingerprint)
        var first: Int?
        // After a reading error nothing later can change the answer: the rest is only counted.
        var stopped = false
        // An escaped line's bytes (see ``StageLine/appendDecoded(_:to:)``), reused.
        var decoded: [UInt8] = []
        // What this process read of each input (``StageStatistics/parts``), by input.
        var parts: [Int: StageStatistics.Part] = [:]
        let buckets = self.buckets.map { StageBuckets(count: $0, output: output, compressed: compressFrames) }
        let split = self.split
        /// One line read on its own: its records mapped, or the reading error that stops the rest.
        func readLine(_ text: UnsafeRawBufferPointer, input index: Int, line lineNumber: Int, global: Int, followed: Bool) throws(UserlistError) {
            if namesInputsToJQ { JQInputName.enter(UserListRun.jqName(names[index])) }
            let records = reader.read(text, input: names[index], number: lineNumber, followedByInput: followed)
            // The records before a reading error are a single run's too (it takes them in first).
            try map(records, lines: { _ in global }, lastDocument: records.hadDocuments ? global : nil, input: index, strict: strict, filter: filter, judging: &judging, rows: &rows, output: output, buckets: buckets, statistics: &statistics)
            if let error = records.error {
                guard error.kind == .data else { throw error }
                // After the line's records before it: one run's Service meets those first.
                let before = records.batches.reduce(0) { $0 + $1.records.count }
                statistics.errors.add(StageError(input: index, rank: .reading, position: StagePosition.of(line: global, item: before), error: error))
                stopped = true
            }
        }
        var waiting: MapStageHeldLine?
        /// The line waiting, read now that it is known whether input follows it.
        func readHeld(followed: Bool) throws(UserlistError) {
            guard let line = waiting else { return }
            waiting = nil
            try line.bytes.withUnsafeBytes { bytes in
                Result { () throws(UserlistError) in try readLine(bytes, input: line.input, line: line.line, global: line.global, followed: followed) }
            }.get()
        }
        /// A block of a split's raw lines (``StageInput/forEachBlock(_:)``), read in one parse; when
        /// that can't say (an error in them, a rewrite) or may not (`--jq`, a byte-order mark after
        /// the input's first line), one line at a time as ``readLine`` reads them. A line skipped
        /// as bad JSON is worded alike either way (a cut line's wording needs only to know what
        /// follows it), so a block that holds one is kept: re-reading those line by line made the
        /// map stage 30% slower on input with 2% broken lines.
        func readBlock(_ block: UnsafeRawBufferPointer, of split: StageSplit, line firstLine: Int, global firstGlobal: Int, newlines: Int, followed: Bool) throws(UserlistError) {
            let input = split.input
            if namesInputsToJQ { JQInputName.enter(UserListRun.jqName(names[input])) }
            if transform == nil, !Self.holdsByteOrderMark(block, firstLine: firstLine),
               let lines = try? reader.read(lines: block, input: names[input], firstLine: firstLine, newlines: newlines, followedByInput: followed) {
                let offset = firstGlobal - firstLine
                try map(lines.records, lines: { lines.lines[$0] + offset }, lastDocument: lines.lastDocumentLine.map { $0 + offset }, input: input, strict: strict, filter: filter, judging: &judging, rows: &rows, output: output, buckets: buckets, statistics: &statistics)
                return
            }
            try StageInput.forEachLine(in: block) { (line, k, last) throws(UserlistError) in
                if !stopped { try readLine(line, input: input, line: firstLine + k, global: firstGlobal + k, followed: !last || followed) }
            }
        }
        if let split {
            // A split's raw lines: their exact bytes, numbered from the split's first, a block at a
            // time (read and counted in bulk: a line at a time, the bookkeeping and the copy into
            // one parse's bytes were ~20% of a page's map stage).
            guard split.input < names.count else {
                throw StageFailure.bad(.map, input, 1, "input \(split.input) has no name: give every input's name with --input, in order (\(names.count) given)")
            }
            try input.forEachBlock { (block, number, count, followed) throws(UserlistError) in
                guard number + count - 1 <= split.limit else {
                    throw StageFailure.bad(.map, input, split.limit + 1, "the split from position \(split.position) holds more than \(split.limit) lines: split the input finer (spark.sql.files.maxPartitionBytes)")
                }
                let (lineNumber, global) = (split.line + number - 1, split.position + number - 1)
                if first == nil {
                    first = global
                    parts[split.input] = .init(input: split.input, first: global, lines: 0, mark: StageLineMark.split(of: lineNumber))
                    statistics.starts.append(.init(input: split.input, line: global))
                }
                statistics.lines += count
                parts[split.input]!.lines += count
                statistics.bytes += block.count
                guard !stopped else { return }
                // The last block is followed by input when its range ends before its file does
                // (`followed`), or the driver says more of its input comes after this split.
                try readBlock(block, of: split, line: lineNumber, global: global, newlines: count, followed: followed || split.inputGoesOn)
            }
        }
        let followedAtEnd = split != nil ? false : try input.forEachLine { (line, number) throws(UserlistError) in
            let index: Int, lineNumber: Int, global: Int, escaped: Bool
            let text: UnsafeRawBufferPointer
            guard let numbered = StageLine.fields(line, count: 4), !numbered[0].isEmpty else {
                throw StageFailure.badLine(.map, input, number, line, expected: Self.expected)
            }
            // `eINPUT`: TEXT is escaped, a line that is not UTF-8 on a pipe that carries only UTF-8.
            escaped = numbered[0][0] == UInt8(ascii: "e")
            guard let i = StageLine.integer(escaped ? UnsafeRawBufferPointer(rebasing: numbered[0].dropFirst()) : numbered[0]),
                  let n = StageLine.integer(numbered[1]), n >= 1,
                  let g = StageLine.integer(numbered[2]), g < StagePosition.lineLimit
            else {
                throw StageFailure.badLine(.map, input, number, line, expected: Self.expected)
            }
            (index, lineNumber, global) = (i, n, g)
            text = numbered[3]
            if escaped {
                decoded.removeAll(keepingCapacity: true)
                guard StageLine.appendDecoded(text, to: &decoded) else {
                    throw StageFailure.badLine(.map, input, number, line, expected: "an escaped TEXT after eINPUT (\\\\ for a backslash, \\xHH for a byte, every other byte itself)")
                }
            }
            guard index < names.count else {
                throw StageFailure.bad(.map, input, number, "input \(index) has no name: give every input's name with --input, in order (\(names.count) given)")
            }
            statistics.lines += 1
            if parts[index] == nil {
                parts[index] = .init(input: index, first: global, lines: 0, mark: StageLineMark.split(of: lineNumber))
            }
            parts[index]!.lines += 1
            parts[index]!.first = min(parts[index]!.first, global)
            statistics.bytes += (escaped ? decoded.count : text.count) + 1
            if first == nil { first = global }
            if let known = statistics.starts.firstIndex(where: { $0.input == index }) {
                statistics.starts[known].line = min(statistics.starts[known].line, global)
            } else {
                statistics.starts.append(.init(input: index, line: global))
            }
            guard !stopped else { return }
            // The line before this one is read now (this one follows it when it is of the same
            // input); this one waits for the next.
            try readHeld(followed: waiting?.input == index)
            guard !stopped else { return }
            if waiting == nil { waiting = MapStageHeldLine() }
            if escaped {
                decoded.withUnsafeBytes { waiting!.hold($0, input: index, line: lineNumber, global: global) }
            } else {
                waiting!.hold(text, input: index, line: lineNumber, global: global)
            }
        }
        try readHeld(followed: followedAtEnd)
        // A page's best in this stage, sent whole now that every line is read.
        if let best = judging?.best {
            let held = best.finish { id, position, user in
                let (output, bucket) = Self.startLine(id, at: position, output, buckets)
                output.write(byte: StageLine.best)
                StageUserJSON.append(user, place: nil, to: output)
                output.write(byte: UInt8(ascii: "\n"))
                if let bucket { buckets!.ended(bucket) }
            }
            if held.sent > 0 || held.bound != nil { statistics.heldBack = held }
        }
        guard let first else { return }
        statistics.parts = parts.values.sorted { $0.input < $1.input }
        statistics.warnings = StageStatistics.first(statistics.warnings)
        let counts = buckets?.writer(0) ?? output
        counts.write("!\(first)\t\(first)\t")
        counts.write(statistics.json())
        counts.write(byte: UInt8(ascii: "\n"))
        if let buckets { try buckets.finish() } else { try output.flush() }
    }

    /// Where a user's line goes (its bucket's frame, or `output`), its `KEY<TAB>POSITION<TAB>` written
    /// (in a frame, POSITION may be relative: ``StageBuckets/writePosition(_:in:)``).
    private static func startLine(_ id: String, at position: Int, _ output: OutputWriter, _ buckets: StageBuckets?) -> (OutputWriter, bucket: Int?) {
        let bucket = buckets?.bucket(of: id)
        let output = bucket.map { buckets!.writer($0) } ?? output
        JSONText.appendString(id, to: output)
        output.write(byte: UInt8(ascii: "\t"))
        if let bucket { buckets!.writePosition(position, in: bucket) } else { output.write(int: position) }
        output.write(byte: UInt8(ascii: "\t"))
        return (output, bucket)
    }

    /// A one-byte user field (a shadow, a held-back match) and the line's end.
    private static func endLine(_ mark: UInt8, _ output: OutputWriter, _ bucket: Int?, _ buckets: StageBuckets?) {
        output.write(byte: mark)
        output.write(byte: UInt8(ascii: "\n"))
        if let bucket { buckets!.ended(bucket) }
    }

    /// Whether a line of `block` (lines from line `firstLine` of their input) other than the
    /// input's first starts with a byte-order mark: LineReader reads such a line on its own.
    static func holdsByteOrderMark(_ block: UnsafeRawBufferPointer, firstLine: Int) -> Bool {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if firstLine != 1, block.starts(with: mark) { return true }
        var from = 0
        while from < block.count, let found = Memory.first(0xEF, in: block.baseAddress! + from, count: block.count - from) {
            let at = block.baseAddress!.distance(to: found)
            if at > 0, block[at - 1] == UInt8(ascii: "\n"), block[at...].starts(with: mark) { return true }
            from = at + 1
        }
        return false
    }

    static let expected = "INPUT<TAB>LINE<TAB>POSITION<TAB>TEXT (an input's index, a line's number in it, its position among all lines, the line)"

    /// Writes the users of one line's records and counts the rest.
    /// `lines(k)`: the global line of the records' record k (counting across their batches);
    /// `lastDocument`: the global line of the last document read (nil: none, blank lines).
    private func map(_ records: LineReader.Records, lines: (Int) -> Int, lastDocument: Int?, input: Int, strict: Bool, filter: JQUserFilter?, judging: inout MapStageJudging?, rows: inout MapStageRows?, output: OutputWriter, buckets: StageBuckets?, statistics: inout StageStatistics) throws(UserlistError) {
        var item = 0
        var line = -1
        var counted = 0
        // `--where` and `--search` run here, on every user: one they leave out travels as its id
        // and position only (``StageLine/shadow``), which is all dedupe needs of it — the first
        // occurrence wins before the filter, so it must still meet the id's later lines — and
        // one `--where` fails on travels whole with its place and the error, a value the partial
        // stage reports only if this occurrence is its id's first (a later duplicate's error is
        // never the run's). A filter is a function of the user, so its answer on the first
        // occurrence is the one a single run gets after dedupe. (Under `--where` every user
        // travelled whole to be judged after the shuffle: a 5M-user export's 450 MB shuffled, and
        // partial spent 46% of its CPU decoding users the filter then left out.)
        // (`input_filename` in --where: the caller named the input to jq before reading its lines.)
        let search = run.query.userSearch
        var scratch: [UInt8] = []
        // Read once: `judging!.best` for every record copied the whole judging struct (its
        // existentials by value witness: ~2% of a page's map stage in retains and releases).
        let best = judging?.best
        for batch in records.batches {
            let normalized = batch.records.map(NormalizedRecord.init)
            let verdicts = MapStageVerdicts(normalized, of: batch, input: input, filter: filter, keepsPaths: run.stagesCarryRejects)
            let cellRows = judging?.cellRows(of: normalized) ?? [:]
            rows?.annotate(normalized, verdicts: verdicts)
            for (index, record) in normalized.enumerated() {
                let recordLine = lines(counted)
                counted += 1
                if recordLine != line { (line, item) = (recordLine, 0) }
                guard item < StagePosition.itemsPerLine else {
                    throw UserlistError(.data, Diagnostic(.stage, scope: "stage map", "line \(line + 1) of all the inputs holds more than \(StagePosition.itemsPerLine - 1) records", hint: "split it"))
                }
                let position = StagePosition.of(line: line, item: item)
                item += 1
                statistics.records += 1
                func userLine(_ id: String) -> (OutputWriter, bucket: Int?) {
                    statistics.users += 1
                    return Self.startLine(id, at: position, output, buckets)
                }
                switch record {
                case .keyed(let keyed):
                    if let best {
                        // A page: of the matches only the stage's best travel whole (an id met
                        // before never joins them: it can't win dedupe).
                        if case .wanted = keyed.judgement {} else { best.note(keyed.id) }
                        if case .counted = keyed.judgement {
                            // Past the stage's last best (the judge's bound): held back.
                            best.heldBackPastBound()
                            let (output, bucket) = userLine(keyed.id)
                            Self.endLine(StageLine.heldBack, output, bucket, buckets)
                            continue
                        }
                        if case .wanted(let value, _) = keyed.judgement {
                            statistics.users += 1
                            let offered = try best.offer(keyed.id, value, position: position, user: { () throws(UserlistError) in try judging!.user(of: index, in: batch) }) { id, at in
                                let (output, bucket) = Self.startLine(id, at: at, output, buckets)
                                Self.endLine(StageLine.heldBack, output, bucket, buckets)
                            }
                            if !offered {
                                let (output, bucket) = Self.startLine(keyed.id, at: position, output, buckets)
                                Self.endLine(StageLine.shadow, output, bucket, buckets)
                            }
                            continue
                        }
                    }
                    let (output, bucket) = userLine(keyed.id)
                    try judging!.write(keyed, record: index, of: batch, position: position, cellRows: cellRows, to: output)
                    output.write(byte: UInt8(ascii: "\n"))
                    if let bucket { buckets!.ended(bucket) }
                case .user(let user):
                    // Sent as it is even when its id came before: partial's dedupe drops it.
                    best?.note(user.id)
                    let (output, bucket) = userLine(user.id)
                    switch verdicts.verdict(of: index) {
                    case .excluded:
                        output.write(byte: StageLine.shadow)
                    case .failed(let message):
                        StageUserJSON.append(user, place: verdicts.places[index], failure: message, to: output)
                    case .included:
                        if rows != nil {
                            rows!.write(record: index, position: position, to: output)
                        } else if let search, !search.matches(user, scratch: &scratch) {
                            output.write(byte: StageLine.shadow)
                        } else {
                            StageUserJSON.append(user, place: nil, to: output)
                        }
                    }
                    output.write(byte: UInt8(ascii: "\n"))
                    if let bucket { buckets!.ended(bucket) }
                case .unusable(let reason), .malformed(let reason):
                    statistics.rejected += 1
                    let location = batch.location(ofRecord: index)
                    if strict {
                        let error = UserlistError(.data, LoadMessages.notUsable(at: location, reason: reason))
                        statistics.errors.add(StageError(input: input, rank: .strict, position: position, error: error))
                    } else {
                        if run.stagesCarryRejects {
                            // `--rejects`: the line one run writes, behind `#POSITION` (a key no id
                            // has, for the driver to set apart) and its position, for the merge;
                            // `--max-rejects`: the merge names the reject one too many from it.
                            // A --strict run writes none (its first reject is its error).
                            var kind = RejectedRecord.Kind.unusable
                            if case .malformed = record { kind = .badJSON }
                            let output = buckets?.rejects ?? output
                            output.write(byte: UInt8(ascii: "#"))
                            output.write(int: position)
                            output.write(byte: UInt8(ascii: "\t"))
                            output.write(int: position)
                            output.write(byte: UInt8(ascii: "\t"))
                            RejectsFile.write(RejectedRecord(kind: kind, location: location, reason: reason, text: batch.text(ofRecord: index)), to: output)
                            if let buckets { buckets.ended(buckets.count) }
                        }
                        statistics.warnings.append(.init(position: position, input: input, text: LoadMessages.skipped(at: location, reason: reason).text))
                        // Only the first few are ever printed: a dirty export must not grow this.
                        if statistics.warnings.count > 2 * LoadMessages.warningLimit { statistics.warnings = StageStatistics.first(statistics.warnings) }
                    }
                case .excluded(let reason):
                    statistics.excluded[reason, default: 0] += 1
                }
            }
        }
        if let lastDocument {
            let note = records.morePages.map { "\(names[input]): \($0), but the input ends here: only the users read are listed" }
            let end = StageStatistics.InputEnd(input: input, position: StagePosition.end(ofLine: lastDocument), note: note)
            if let known = statistics.ends.firstIndex(where: { $0.input == input }) {
                if statistics.ends[known].position < end.position { statistics.ends[known] = end }
            } else {
                statistics.ends.append(end)
            }
        }
    }
}
