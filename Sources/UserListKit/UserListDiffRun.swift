import UserListDomain
import UserListGateway
import UserListService
import UserListDiff
import UserListRendering
import UserListJQ
import UserListViewModel
import UserListPlatform
import Foundation

/// One `userlist diff` run, wired from the command line's choices: a Gateway and a Service per
/// side, the ``UserDiff`` over them, and the ``DiffRenderer`` for the format.
public struct UserListDiffRun {
    public var old: [InputSource]
    public var new: [InputSource]
    public var fields: ComparedFields
    public var format: DiffFormat
    public var strict: Bool
    /// Width to fit a `table` into (the terminal's), or nil for no limit.
    public var maxTableWidth: Int?
    /// `--users-at`, for both sides.
    public var usersAt: UsersAtPath?
    /// `--threads`: parsing threads (nil: one per core, up to 16).
    public var threads: Int?
    /// `--skip-bad-json`: a record that isn't JSON is skipped with a warning, on either side.
    public var skipBadJSON: Bool
    /// On a terminal (or `--color always`): the table in colour (added green, removed red,
    /// changed yellow), `json` indented and `json`/`ndjson` coloured as the list's are.
    public var highlighter: JSONHighlighter?
    /// `--where`, `--search`, `--jq` and their jq variables: each side is read as the list reads it.
    public var whereExpression: String?
    public var search: String?
    /// `--jq-timeout`: as the list's.
    public var jqTimeout: Double?
    public var preTransform: String?
    public var variables = JQVariables()
    /// `--include-non-people`, `--base-url`: the Gateway's mapping, as the list's.
    public var includeNonPeople = false
    public var baseURL: BaseURL?
    /// `--rejects FILE`: both sides' records that did not become users, as the list writes them.
    public var rejectsPath: String?
    /// `--summary FILE`: each side's counts and the diff's, one JSON object.
    public var summary: OutputDestination?
    /// Writes to standard error (the count line's place: `--summary -` and `--rejects -` when
    /// standard output carries the entries).
    public var standardError: @Sendable (String) -> Void = { _ in }
    /// Called with the first bytes bound for standard output (the CLI's pager).
    public var beforeFirstOutput: (@Sendable (UnsafeRawBufferPointer) -> Void)?

    public init(
        old: [InputSource], new: [InputSource], fields: ComparedFields = .all, format: DiffFormat = .ndjson,
        strict: Bool = false, maxTableWidth: Int? = nil, usersAt: UsersAtPath? = nil, threads: Int? = nil,
        skipBadJSON: Bool = false
    ) {
        self.skipBadJSON = skipBadJSON
        self.old = old
        self.new = new
        self.fields = fields
        self.format = format
        self.strict = strict
        self.maxTableWidth = maxTableWidth
        self.usersAt = usersAt
        self.threads = threads
    }

    /// Compares, writes the entries to `destination` and returns the counts (the CLI's exit status
    /// and count line come from them). Nothing is written before both sides have been read.
    public func run(to destination: OutputDestination = .standardOutput, warnings: any WarningReporter) throws(UserlistError) -> DiffCounts {
        if let jqTimeout { JQProgram.limitRunningTime(to: jqTimeout) }
        guard !(old.contains(.standardInput) && new.contains(.standardInput)) else {
            throw UserlistError(.usage, Diagnostic(.usage, "standard input ('-') can be only one side of a diff"))
        }
        guard rejectsPath != nil || summary != nil else {
            return try compare(to: destination, warnings: warnings, rejects: nil, reports: nil)
        }
        try checkDistinctFiles(output: destination)
        let started = Date()
        let standardStream = { () -> OutputWriter in destination == .standardOutput ? .standardError() : .standardOutput() }
        let rejects = try rejectsPath.map { path throws(UserlistError) in try RejectsFile(path: path, maximum: nil, dash: standardStream()) }
        let reports = (old: DiffSideReport(inputs: max(1, old.count)), new: DiffSideReport(inputs: max(1, new.count)))
        var counts: DiffCounts?
        var failure: UserlistError?
        do { counts = try compare(to: destination, warnings: warnings, rejects: rejects, reports: reports) } catch { failure = error }
        if let rejects {
            // Kept when the run succeeded or stopped on bad data, as the list's.
            if failure == nil || failure?.kind == .data {
                do {
                    try rejects.flush()
                    try rejects.commit()
                } catch { failure = failure ?? error }
            } else {
                rejects.abandon()
            }
        }
        if let summary {
            func count(_ value: Int?) -> String { value.map(String.init) ?? "null" }
            var text = "{\"old\":\(reports.old.json),\"new\":\(reports.new.json),\"added\":\(count(counts?.added)),\"removed\":\(count(counts?.removed)),"
                + "\"changed\":\(count(counts?.changed)),\"seconds\":\(String(format3: Date().timeIntervalSince(started))),\"status\":\"\(failure == nil ? "ok" : "failed")\""
            if let failure {
                let message = OutputWriter()
                JSONText.appendString(failure.message, to: message)
                text += ",\"exitCode\":\(failure.exitCode),\"error\":\(message.text)"
            }
            text += "}\n"
            do { try writeSummary(text, to: summary, output: destination) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
        return counts ?? DiffCounts()
    }

    /// ``DistinctOutputFiles``.
    private func checkDistinctFiles(output: OutputDestination) throws(UserlistError) {
        try DistinctOutputFiles.check(output: output, rejects: rejectsPath, summary: summary, inputs: (old + new).compactMap { input in
            if case .file(let path) = input { path } else { nil }
        })
        try SummaryFile.checkCreatable(summary)
    }

    /// `--summary`: a file (replaced once written), or `-`: standard output when the entries went
    /// to `-o FILE` and the rejects elsewhere, else standard error.
    private func writeSummary(_ text: String, to destination: OutputDestination, output: OutputDestination) throws(UserlistError) {
        try SummaryFile.write(text, to: destination, output: output, rejectsPath: rejectsPath, standardError: standardError)
    }

    /// The comparison and its entries.
    private func compare(to destination: OutputDestination, warnings: any WarningReporter, rejects: RejectsFile?, reports: (old: DiffSideReport, new: DiffSideReport)?) throws(UserlistError) -> DiffCounts {
        // Compiled before anything is read: a typo is exit 64 at once.
        let jq = try preTransform.map { expression throws(UserlistError) in try JQDocumentTransform(expression: expression, variables: variables) }
        let filter = try whereExpression.map { expression throws(UserlistError) in
            try JQUserFilter(expression: expression, variables: variables, parallelism: max(2, threads ?? UserGateway.defaultWorkers))
        }
        let diff = UserDiff(old: side(old, jq: jq, filter: filter, rejects: rejects, report: reports?.old),
                            new: side(new, jq: jq, filter: filter, rejects: rejects, report: reports?.new), fields: fields, warnings: warnings)
        let result = try diff.run()
        return try destination.writing(beforeFirstOutput: beforeFirstOutput) { (output) throws(UserlistError) in
            let renderer = format.renderer(maxTableWidth: maxTableWidth, colour: highlighter?.colour ?? false)
            if let highlighter, format != .table {
                let buffer = OutputWriter()
                try renderer.render(result, to: buffer)
                (format == .ndjson ? highlighter.compact : highlighter).rewrite(buffer.bytes).withUnsafeBytes { output.write($0) }
            } else {
                try renderer.render(result, to: output)
            }
            try output.flush()
            return result.counts
        }
    }

    /// One side's service: its inputs read through a Gateway that builds `fields`.
    private func side(_ inputs: [InputSource], jq: JQDocumentTransform?, filter: JQUserFilter?, rejects: RejectsFile?, report: DiffSideReport?) -> UserDiff.Side {
        { [usersAt, threads, strict, skipBadJSON, includeNonPeople, baseURL, search] fields, warnings in
            var gateway = UserGateway(inputs: inputs, preTransform: jq, usersAt: usersAt)
            gateway.fields = fields
            gateway.skipBadJSON = skipBadJSON
            gateway.mappingOptions.includeNonPeople = includeNonPeople
            gateway.mappingOptions.baseURL = baseURL
            if let threads { gateway.workers = threads }
            var service: any UserServiceProtocol = UserService(source: gateway, strict: strict, warnings: warnings, rejects: rejects)
            if let report { service = ReportingUserService(base: service, side: report) }
            service = NoUsersCheckedService(base: service, inputs: inputs)
            guard filter != nil || search != nil else { return service }
            return FilteredUserService(base: service, filter: filter, search: search.map { UserSearch($0) })
        }
    }
}
