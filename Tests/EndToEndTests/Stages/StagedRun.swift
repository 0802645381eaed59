import Foundation
import UserListInput
import UserListPlatform
@testable import userlist
@testable import UserListKit
@testable import UserListStages

/// One query answered twice, in this process: by a single run over the inputs, and by the stages
/// wired as `Integrations/spark/userlist_spark.py` wires them on Spark — the inputs' lines numbered
/// in order (or the files cut into byte ranges the map stage reads itself) and cut into 1 to 16 map partitions, a shuffle by id keeping each id's smallest
/// position into 1 to 16 partial partitions (in no particular order), the partial stage's lines
/// gathered in no particular order (or sorted by their first field, as `sortBy` does, for a full
/// export), then the merge.
enum StagedRun {
    /// The single run `words` ask for (a `userlist` command line without `userlist`), and its inputs.
    static func singleRun(_ words: [String]) throws -> (run: UserListRun, inputs: [String]) {
        let jq = try JQArguments(extractingFrom: words)
        guard let command = try Userlist.parseAsRoot(jq.remaining) as? ListCommand else { throw Inapplicable() }
        var run = try ListRunOptions(filter: command.filter, output: command.output, batch: command.batch, jq: command.jq)
            .makeRun(inputs: command.input.inputs, usersAt: command.input.usersAt, payload: command.input.payload, explain: false, threads: 2, variables: jq.variables, stdoutIsTerminal: false)
        run.threads = 2
        return (run, command.input.inputs)
    }

    static func single(_ run: UserListRun) -> Answer {
        let output = OutputWriter()
        let warnings = CollectedWarnings()
        do {
            try run.run(output: output, warnings: warnings)
            return Answer(stdout: output.bytes, warnings: warnings.messages, error: nil, code: 0)
        } catch {
            return Answer(stdout: output.bytes, warnings: warnings.messages, error: error.message, code: error.exitCode)
        }
    }

    struct Inapplicable: Error {}

    /// What a refused command line says (nil when it was not refused).
    static func usageMessage(_ result: Result<Void, any Error>) -> String? {
        guard case .failure(let error) = result else { return nil }
        if let error = error as? UserlistError { return error.message }
        return Userlist.message(for: error)
    }

    /// The inputs of a command line: its positional words (ArgumentParser takes ~0.1 s a parse in
    /// a debug build; this is for choosing among 150 golden command lines).
    static func inputs(of words: [String]) throws -> [String] {
        let remaining = try JQArguments(extractingFrom: words).remaining
        var inputs: [String] = []
        var index = 0
        while index < remaining.count {
            let word = remaining[index]
            if word == "--" {
                inputs += remaining[(index + 1)...]
                break
            }
            if word.hasPrefix("-"), word != "-" {
                if JQArguments.takesValue(word) { index += 1 }
            } else {
                inputs.append(word)
            }
            index += 1
        }
        return inputs
    }

    /// The run every stage builds from the command line without its inputs (and `--input` names).
    static func stageRun(_ words: [String], inputs: [String]) throws -> UserListRun {
        var stageWords = words
        for input in inputs {
            if let index = stageWords.firstIndex(of: input) { stageWords.remove(at: index) }
        }
        let jq = try JQArguments(extractingFrom: stageWords + ["--threads", "1"])
        let options = try StageOptions.parse(jq.remaining)
        try options.validate(writesOutput: true)
        return try options.makeRun(variables: jq.variables)
    }

    /// The same query through the stages, `inputs` read as the driver reads them.
    static func staged(_ run: UserListRun, inputs: [String], using generator: inout some RandomNumberGenerator) throws -> Answer {
        do {
            // A page the merge can't settle from the maps' best (exit 75): the driver runs the
            // job again with every match sent, as userlist_spark.py does.
            let answer = try stages(run, inputs: inputs, using: &generator)
            guard answer.code == UserlistError.Kind.retry.rawValue else { return answer }
            return try stages(run, inputs: inputs, allCandidates: true, using: &generator)
        } catch let error as UserlistError {
            // A stage that fails fails the job: the driver reports its line and exit code.
            return Answer(stdout: [], warnings: [], error: error.message, code: error.exitCode)
        }
    }

    private static func stages(_ run: UserListRun, inputs: [String], allCandidates: Bool = false, using generator: inout some RandomNumberGenerator) throws -> Answer {
        // Compiled once for all partitions (libjq takes ~25 ms each); each stage process compiles its own.
        let pipeline = run.pipeline()
        let filter = try pipeline.filter?.compiled(parallelism: 1)
        let transform = try pipeline.transform?.compiled()
        // The driver, one of four ways. Counting first (older drivers): every input's lines,
        // numbered (input, line in it, position among all), cut into contiguous splits anywhere.
        // In one pass (userlist_spark.py): each input cut into splits of its own, a split's
        // position its index in the high bits, and the line's number in its input marked
        // (StageLineMark) in every split after an input's first, for the merge to resolve.
        var splits: [[[UInt8]]] = []
        // In one pass and in bulk (userlist_spark.py today): each split's raw lines with its
        // `--split`, the map's output framed by `--buckets`, partial given `--dedupe`.
        var rawSplits: [(split: StageSplit, lines: [[UInt8]])] = []
        // Byte ranges (userlist_spark.py for files the executors open by path): each file cut
        // at random byte offsets, anywhere in a line, into `--range`s the map stage reads itself.
        var rangeSplits: [(split: StageSplit, range: StageRange)] = []
        var driver = Int.random(in: 0..<4, using: &generator)
        if driver == 3, !inputs.allSatisfy({ FileReading.regularFileSize($0) != nil }) { driver = 2 }
        var expectedLines: Int?
        if driver == 0 {
            var numbered: [[UInt8]] = []
            for (index, path) in inputs.enumerated() {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                for (number, line) in lines(bytes).enumerated() {
                    numbered.append(mapLine(input: index, line: number + 1, position: numbered.count, text: line))
                }
            }
            splits = contiguousParts(numbered, count: Int.random(in: 1...16, using: &generator), using: &generator).map(Array.init)
            expectedLines = numbered.count
        } else if driver == 3 {
            var cut: [(input: Int, range: StageRange)] = []
            for (index, path) in inputs.enumerated() {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                guard !bytes.isEmpty else { continue }  // an empty file is no split
                if Compression(magic: Array(bytes.prefix(Compression.magicLength))) != nil {
                    cut.append((index, StageRange(path: path, start: 0, end: nil)))
                    continue
                }
                let offsets = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }.sorted()
                var start = 0
                for end in offsets + [bytes.count] {
                    cut.append((index, StageRange(path: path, start: start, end: Bool.random(using: &generator) && end == bytes.count ? nil : end)))
                    start = end
                }
            }
            let lineBits = 43 - max(1, Int.bitWidth - cut.count.leadingZeroBitCount)
            for (split, part) in cut.enumerated() {
                let first = part.range.start == 0 ? 1 : StageLineMark.base + split * StageLineMark.perSplit + 1
                rangeSplits.append((StageSplit(input: part.input, line: first, position: split << lineBits, limit: 1 << lineBits), part.range))
            }
        } else {
            var cut: [(input: Int, first: Bool, lines: [[UInt8]])] = []
            for (index, path) in inputs.enumerated() {
                let all = lines(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
                // A later split may be empty, the first never is: it starts at the file's first byte.
                var parts = contiguousParts(Array(all.dropFirst()), count: Int.random(in: 1...4, using: &generator), using: &generator).map(Array.init)
                if let head = all.first { parts[0].insert(head, at: 0) }
                for (number, part) in parts.enumerated() { cut.append((index, number == 0, part)) }
            }
            let lineBits = 43 - max(1, Int.bitWidth - cut.count.leadingZeroBitCount)
            for (split, part) in cut.enumerated() {
                let first = part.first ? 1 : StageLineMark.base + split * StageLineMark.perSplit + 1
                rawSplits.append((StageSplit(input: part.input, line: first, position: split << lineBits, limit: 1 << lineBits), part.lines))
                splits.append(part.lines.enumerated().map { local, line in
                    let number = part.first ? local + 1 : StageLineMark.base + split * StageLineMark.perSplit + local + 1
                    return mapLine(input: part.input, line: number, position: split << lineBits | local, text: line)
                })
            }
        }
        // Map, one process per split.
        var mapped: [[UInt8]] = []
        // In bulk: the frames of every map process, by bucket (the reject lines' is the last).
        let bucketCount = Int.random(in: 1...16, using: &generator)
        var buckets = [[[UInt8]]](repeating: [], count: bucketCount + 1)
        // `--compress-frames` (userlist_spark.py gives it): the users' frames are zstd frames,
        // kept whole and read by partial from a file (what it tells by the first bytes).
        let compressed = driver >= 2 && Bool.random(using: &generator)
        if driver >= 2 {
            let parts = driver == 2 ? rawSplits.map { ($0.split, StageInput(bytes: joined($0.lines))) }
                : rangeSplits.map { ($0.split, StageInput(range: $0.range, name: inputs[$0.split.input])) }
            for (split, input) in parts {
                let output = OutputWriter()
                try MapStage(run: run, names: inputs, transform: transform, filter: filter, split: split, buckets: bucketCount, compressFrames: compressed, allCandidates: allCandidates).run(input, to: output)
                // A frame stays whole, as Spark's shuffle moves it (its positions after the first
                // may be relative to the line before): one element, its last line break left out
                // (a compressed one as it is).
                for (bucket, blob) in try frames(output.bytes, compressed: { compressed && $0 < bucketCount }) {
                    buckets[bucket].append(compressed && bucket < bucketCount ? blob : Array(blob.dropLast()))
                }
            }
            mapped = buckets[bucketCount].flatMap { lines($0) }
        } else {
            for part in splits {
                let output = OutputWriter()
                try MapStage(run: run, names: inputs, transform: transform, filter: filter, allCandidates: allCandidates).run(StageInput(bytes: joined(part)), to: output)
                mapped += lines(output.bytes)
            }
        }
        // `--rejects`, `--max-rejects`: the map stage's reject lines set apart (the driver's own
        // shuffle partitions), in order of position, for the merge that writes and counts them.
        var rejectLines: [[UInt8]] = []
        let keepsRejects = run.rejectsPath != nil || run.maxRejects != nil
        if keepsRejects {
            rejectLines = mapped.filter { $0.first == UInt8(ascii: "#") }
                .sorted { Int(String(decoding: secondField($0), as: UTF8.self))! < Int(String(decoding: secondField($1), as: UTF8.self))! }
            mapped.removeAll { $0.first == UInt8(ascii: "#") }
        }
        /// The rejects file a merge writes, kept as the merge command keeps it.
        func withRejects(_ merge: inout MergeStage) throws -> RejectsFile? {
            guard keepsRejects else { return nil }
            merge.rejectLines = StageInput(bytes: joined(rejectLines))
            guard let path = run.rejectsPath else { return nil }
            let file = try RejectsFile(path: path, maximum: nil)
            merge.rejects = file
            return file
        }
        func settle(_ file: RejectsFile?, code: Int32) {
            if code == 0 || code == UserlistError.Kind.data.rawValue { try? file?.commit() } else { file?.abandon() }
        }
        // The shuffle: one line per key, the smallest position; partitions by key, in any order.
        // In bulk it only moves the buckets, and partial deduplicates (frames in any order).
        if driver >= 2 { mapped = [] }
        var kept: [[UInt8]: (position: Int, line: [UInt8])] = [:]
        for line in mapped {
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            let key = Array(fields[0])
            let position = Int(String(decoding: fields[1], as: UTF8.self))!
            if let known = kept[key], known.position < position { continue }
            kept[key] = (position, line)
        }
        var partitions = [[[UInt8]]](repeating: [], count: Int.random(in: 1...16, using: &generator))
        for (_, value) in kept { partitions[Int.random(in: 0..<partitions.count, using: &generator)].append(value.line) }
        if driver >= 2 { partitions = Array(buckets[..<bucketCount]) }
        var gathered: [[UInt8]] = []
        for var partition in partitions {
            partition.shuffle(using: &generator)
            let output = OutputWriter()
            if compressed {
                try withFile(partition.flatMap { $0 }) { (input) throws(UserlistError) in try PartialStage(run: run, names: inputs, dedupe: true).run(input, to: output) }
            } else {
                try PartialStage(run: run, names: inputs, dedupe: driver >= 2).run(StageInput(bytes: joined(partition)), to: output)
            }
            gathered += lines(output.bytes)
        }
        // The driver gathers: a page's or a count's lines combined in a tree (merge --part
        // combine over random groups, as tree_combine does), or not; a full export's written as
        // part files (merge --part ends and --part rows over random row ranges, as write_parts
        // does), or sorted into one merge.
        let plan = StagePlan(pipeline)
        if plan.kind == .page || plan.kind == .count, Bool.random(using: &generator) {
            var level = gathered
            while true {
                level.shuffle(using: &generator)
                let groups = contiguousParts(level, count: Int.random(in: 1...4, using: &generator), using: &generator).map(Array.init)
                level = []
                for group in groups {
                    let output = OutputWriter()
                    _ = try MergeStage(run: run, names: inputs, part: .combine).run(StageInput(bytes: joined(group)), to: output, warnings: CollectedWarnings())
                    level += lines(output.bytes)
                }
                if groups.count == 1 { break }
            }
            gathered = level
        }
        if plan.sortsLines, Bool.random(using: &generator),
           let parts = try partFiles(run, inputs: inputs, gathered: gathered, rejects: keepsRejects ? rejectLines : nil, using: &generator) {
            return parts
        }
        if plan.sortsLines {
            // Keys are ASCII (``CompactSortKey``'s characters, or "!" for counts): as Strings they compare byte by byte.
            gathered = gathered.map { (String(decoding: firstField($0), as: UTF8.self), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        } else {
            gathered.shuffle(using: &generator)
        }
        // A full export's rows as the driver gives them now: the counts on standard input, the
        // rows in sorted run files (plain or compressed), which the merge reads itself (--runs).
        var input = StageInput(bytes: joined(gathered))
        var runsDirectory: String?
        defer { if let runsDirectory { try? FileManager.default.removeItem(atPath: runsDirectory) } }
        if plan.sortsLines, Bool.random(using: &generator) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("staged-runs-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            runsDirectory = directory
            let counts = gathered.filter { $0.first == UInt8(ascii: "!") }
            var runs = [[[UInt8]]](repeating: [], count: Int.random(in: 1...4, using: &generator))
            for line in gathered where line.first != UInt8(ascii: "!") { runs[Int.random(in: 0..<runs.count, using: &generator)].append(line) }
            for (number, lines) in runs.enumerated() {
                let text = joined(lines)
                var bytes = text
                if Bool.random(using: &generator) {
                    bytes = []
                    let frame = ZstdFrameWriter { bytes.append(contentsOf: $0) }
                    text.withUnsafeBytes { frame.write($0) }
                    frame.finish()
                }
                try Data(bytes).write(to: URL(fileURLWithPath: directory + "/run-\(number)"))
            }
            input = StageInput(bytes: joined(counts), then: StageRuns(directory: directory))
        }
        let output = OutputWriter()
        let warnings = CollectedWarnings()
        var merge = MergeStage(run: run, expectedLines: expectedLines, names: inputs)
        let rejects = try withRejects(&merge)
        do {
            _ = try merge.run(input, to: output, warnings: warnings)
            settle(rejects, code: 0)
            return Answer(stdout: output.bytes, warnings: warnings.messages, error: nil, code: 0)
        } catch {
            settle(rejects, code: error.exitCode)
            return Answer(stdout: output.bytes, warnings: warnings.messages, error: error.message, code: error.exitCode)
        }
    }

    /// `body` with a stage's standard input read from a file that holds `bytes`.
    static func withFile(_ bytes: [UInt8], _ body: (StageInput) throws(UserlistError) -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-partition-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try body(StageInput(fileDescriptor: handle.fileDescriptor, name: "<stdin>"))
    }

    /// The map stage's `--buckets` output as (bucket, bytes of whole lines) frames; with
    /// `compressed` (a function of the bucket), that bucket's frames are zstd frames, not lines.
    static func frames(_ bytes: [UInt8], compressed: (Int) -> Bool = { _ in false }) throws -> [(Int, [UInt8])] {
        struct NotAFrame: Error {}
        var frames: [(Int, [UInt8])] = []
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { throw NotAFrame() }
            let header = String(decoding: bytes[start..<newline], as: UTF8.self).split(separator: "\t")
            guard header.count == 2, let bucket = Int(header[0]), let length = Int(header[1]), newline + 1 + length <= bytes.count,
                  length > 0, compressed(bucket) || bytes[newline + length] == UInt8(ascii: "\n") else { throw NotAFrame() }
            frames.append((bucket, Array(bytes[(newline + 1)..<(newline + 1 + length)])))
            start = newline + 1 + length
        }
        return frames
    }

    private static func secondField(_ line: [UInt8]) -> ArraySlice<UInt8> {
        line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)[1]
    }

    /// A full export as `write_parts` writes it: `merge --part ends` over the counts (and json's
    /// last row), `merge --part rows` over random ranges of the other rows in order; the head,
    /// the parts and the tail concatenated. Nil when the export is not written in parts (a table,
    /// `--jq-out`) or the run fails (then nothing is written: the whole merge says how it fails).
    private static func partFiles(_ run: UserListRun, inputs: [String], gathered: [[UInt8]], rejects rejectLines: [[UInt8]]? = nil, using generator: inout some RandomNumberGenerator) throws -> Answer? {
        let keyed = gathered.map { (String(decoding: firstField($0), as: UTF8.self), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        let counts = keyed.filter { $0.first == UInt8(ascii: "!") }
        var rows = keyed.filter { $0.first != UInt8(ascii: "!") }
        let json = run.format == .json
        let last = json ? rows.popLast() : nil
        let endsOutput = OutputWriter()
        let warnings = CollectedWarnings()
        // With --rejects or --max-rejects, `write_parts` gives the reject lines to this merge
        // (the first of its two).
        var ends = MergeStage(run: run, names: inputs, part: .ends)
        let rejects = try rejectLines.flatMap { lines throws -> RejectsFile? in
            ends.rejectLines = StageInput(bytes: joined(lines))
            guard let path = run.rejectsPath else { return nil }
            ends.rejects = try RejectsFile(path: path, maximum: nil)
            return ends.rejects
        }
        do {
            _ = try ends.run(StageInput(bytes: joined(counts + (last.map { [$0] } ?? []))), to: endsOutput, warnings: warnings)
            try rejects?.commit()
        } catch {
            rejects?.abandon()
            return nil
        }
        let end = try JSONSerialization.jsonObject(with: Data(endsOutput.bytes)) as! [String: String]
        var bytes = Array(end["head"]!.utf8)
        for part in contiguousParts(rows, count: Int.random(in: 1...5, using: &generator), using: &generator) {
            let output = OutputWriter()
            _ = try MergeStage(run: run, names: inputs, part: .rows).run(StageInput(bytes: joined(Array(part))), to: output, warnings: CollectedWarnings())
            bytes += output.bytes
        }
        rows.removeAll()
        bytes += Array(end["tail"]!.utf8)
        return Answer(stdout: bytes, warnings: warnings.messages, error: nil, code: 0)
    }

    /// A map line as `userlist_spark.py` writes it: `INPUT<TAB>LINE<TAB>POSITION<TAB>TEXT`, or, for a
    /// line that is not UTF-8, `eINPUT` and TEXT escaped as Python's
    /// `text.replace(b"\\", b"\\\\").decode("utf-8", "backslashreplace")` escapes it: every
    /// backslash doubled, every byte that is not part of a UTF-8 character written `\xhh`.
    static func mapLine(input: Int, line: Int, position: Int, text: [UInt8]) -> [UInt8] {
        if String(validating: text, as: UTF8.self) != nil {
            return Array("\(input)\t\(line)\t\(position)\t".utf8) + text
        }
        var escaped = Array("e\(input)\t\(line)\t\(position)\t".utf8)
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = text.makeIterator()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let character):
                for byte in character {
                    if byte == UInt8(ascii: "\\") { escaped.append(byte) }
                    escaped.append(byte)
                }
                offset += character.count
            case .error(let length):
                for byte in text[offset..<(offset + length)] {
                    escaped += Array("\\x".utf8) + Array(String(byte, radix: 16).leftPadded(to: 2).utf8)
                }
                offset += length
            case .emptyInput:
                break loop
            }
        }
        return escaped
    }

    /// Lines as a driver reads them: split at `\n`, no empty last line after a final `\n`.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    private static func joined(_ lines: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            bytes += line
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    private static func firstField(_ line: [UInt8]) -> ArraySlice<UInt8> {
        line[..<(line.firstIndex(of: UInt8(ascii: "\t")) ?? line.endIndex)]
    }

    /// `items` cut at `count - 1` random places (parts may be empty, as a split can be).
    private static func contiguousParts<T>(_ items: [T], count: Int, using generator: inout some RandomNumberGenerator) -> [ArraySlice<T>] {
        let cuts = (0..<(count - 1)).map { _ in Int.random(in: 0...items.count, using: &generator) }.sorted()
        var parts: [ArraySlice<T>] = []
        var start = 0
        for cut in cuts + [items.count] {
            parts.append(items[start..<cut])
            start = cut
        }
        return parts
    }
}

