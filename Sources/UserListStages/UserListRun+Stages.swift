import UserListKit
@_spi(Pipeline) import UserListDomain
import UserListGateway
import UserListRendering
import Foundation

extension UserListRun {
    /// Whether the stages carry rejected records along (the map stage's `#` lines, places with
    /// paths, a `--where` error's user): `--rejects` writes them, `--max-rejects` counts them.
    var stagesCarryRejects: Bool { rejectsPath != nil || maxRejects != nil }

    /// Runs one stage of a distributed run over `input` (see ``Stage``). `names` are the inputs'
    /// names, by index, as the driver numbered them. Map and partial write their lines to
    /// standard output; merge writes the run's output to `destination` (a file only once it has
    /// succeeded), its warnings, and `reporting`'s summary, whose seconds count from `started`
    /// (the job's start, which only the driver knows; now when nil).
    public func runStage(
        _ stage: Stage, names: [String], input: StageInput = .standardInput, to destination: OutputDestination = .standardOutput,
        warnings: any WarningReporter, reporting: RunReporting? = nil, expectedLines: Int? = nil, started: Date? = nil,
        part: MergePart = .whole, rejectLines: String? = nil, split: StageSplit? = nil, buckets: Int? = nil, dedupe: Bool = false,
        allCandidates: Bool = false, compressRun: Bool = false, compressFrames: Bool = false
    ) throws(UserlistError) {
        let started = started ?? Date()
        switch stage {
        case .map:
            var map = MapStage(run: self, names: names, split: split, buckets: buckets)
            map.allCandidates = allCandidates
            map.compressFrames = compressFrames
            try map.run(input, to: .standardOutput())
        case .partial:
            var partial = PartialStage(run: self, names: names, dedupe: dedupe)
            partial.compressRun = compressRun
            try partial.run(input, to: .standardOutput())
        case .merge:
            var result: (RunStatistics, StageStatistics)?
            var failure: UserlistError?
            let seen = MergeStage.Seen()
            // `--rejects FILE` with the map stage's reject lines: written as one run writes it,
            // kept when the run succeeds or stops on bad data; `--max-rejects N`: counted. (The
            // combine and rows parts, run on the executors, are not given the lines.)
            var rejects: RejectsFile?
            var lines: FileHandle?
            if let rejectLines, stagesCarryRejects, part == .whole || part == .ends {
                guard let handle = FileHandle(forReadingAtPath: rejectLines) else {
                    throw UserlistError(.noInput, Diagnostic(.unreadableInput, scope: "stage merge", option: "--reject-lines \(rejectLines)", "can't be read"))
                }
                lines = handle
                if let rejectsPath {
                    try checkDistinctFiles(output: destination, summary: reporting?.summary)
                    rejects = try RejectsFile(path: rejectsPath, maximum: nil, dash: destination == .standardOutput ? .standardError() : .standardOutput())
                }
            }
            do {
                result = try destination.writing { (output) throws(UserlistError) in
                    var merge = MergeStage(run: self, expectedLines: expectedLines, names: names, part: part)
                    merge.seen = seen
                    merge.rejects = rejects
                    merge.rejectLines = lines.map { StageInput(fileDescriptor: $0.fileDescriptor, name: rejectLines ?? "-") }
                    return try merge.run(input, to: output, warnings: warnings)
                }
            } catch {
                failure = error
            }
            if let rejects {
                if Self.keepsRejects(after: failure) {
                    do { try rejects.commit() } catch { failure = failure ?? error }
                } else {
                    rejects.abandon()
                }
            }
            try? lines?.close()
            // A merge the driver runs again (exit 75) leaves the summary to that run's.
            if let reporting, let summaryDestination = reporting.summary, failure?.kind != .retry {
                let summary = RunSummary(
                    inputs: max(1, names.count), bytes: result?.1.bytes ?? seen.bytes, statistics: result?.0 ?? RunStatistics(),
                    recordsSeen: result?.1.records ?? seen.records, rejectedSeen: result?.1.rejected ?? seen.rejected,
                    seconds: Date().timeIntervalSince(started), failure: failure)
                try writeSummary(summary.json, to: summaryDestination, output: destination, reporting: reporting)
            }
            if let failure { throw failure }
        }
    }

    /// `userlist stage plan`: checks every option as the stages will (a bad one is exit 64, before
    /// the driver starts anything) and says how the driver gathers the partial stage's lines.
    public func stagePlan() throws(UserlistError) -> String {
        prepareJQ()
        let pipeline = pipeline()
        _ = try pipeline.filter?.compiled(parallelism: 1)
        _ = try pipeline.transform?.compiled()
        let (renderer, highlight) = try pipeline.render!.renderer()
        let plan = StagePlan(pipeline)
        let parts = plan.kind == .rows && MergeRowStream(renderer: renderer, highlight: highlight) != nil
        return plan.json(parts: parts, fileExtension: format.fileExtension)
    }

    /// What jq's `input_filename` gives for an input a stage knows by `name` (`-`: standard input).
    static func jqName(_ name: String) -> String? { name == "-" || name == "<stdin>" ? nil : name }

    /// Whether stages were given the same options: the ones that shape the answer, as one short
    /// text (FNV-1a of their description), carried in every line of counts.
    var stageFingerprint: String {
        let parts: [String] = [
            format.rawValue, query.search ?? "-", query.searchLocale?.tag ?? "-", query.sort?.description ?? "-", query.page.map(String.init) ?? "-", String(query.pageSize),
            columns.columns.map(\.name).joined(separator: ","), String(header), whereExpression ?? "-", preTransform ?? "-",
            outputTransform ?? "-", String(rawOutput), variables.fingerprint, usersAt?.description ?? "-", String(strict),
            String(skipBadJSON), String(countOnly), String(sandbox), jqTimeout.map { "\($0)" } ?? "-",
            String(includeNonPeople), baseURL?.description ?? "-",
        ]
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.joined(separator: "\u{0}").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
