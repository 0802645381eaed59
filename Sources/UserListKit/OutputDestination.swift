import UserListDomain
import UserListPlatform
import UserListRendering
import Foundation

/// Where a run's output goes: standard output, or a file (`--output`) that is replaced only when
/// the run succeeds.
public enum OutputDestination: Equatable, Sendable {
    case standardOutput
    case file(String)

    /// Parses `--output`'s value (and `--summary`'s): `-` is the standard stream.
    public init(argument: String) {
        self = argument == "-" ? .standardOutput : .file(argument)
    }
}

/// How a batch run reports on itself, besides its output and warnings.
public struct RunReporting: Sendable {
    /// `--summary`: one JSON object, to a file or (`.standardOutput` here meaning) standard error.
    public var summary: OutputDestination?
    /// Progress while reading, then a one-line summary, for a person at a terminal: standard
    /// error is a terminal (and not `TERM=dumb`).
    public var showProgress = false
    /// Standard output is a terminal too: the progress line stops before the first byte of
    /// results reaches it. (In a pipe or a file it goes on until the input is read.)
    public var standardOutputIsTerminal = false
    /// The width of standard error's terminal, to which the progress line is cut.
    public var terminalWidth: Int?
    /// Called with the first bytes bound for standard output, before they are written (the
    /// CLI starts a pager there when a table is longer than the terminal).
    public var beforeFirstOutput: (@Sendable (UnsafeRawBufferPointer) -> Void)?
    /// Writes to standard error (the summary with `--summary -`, the progress line).
    public var standardError: @Sendable (String) -> Void

    public init(summary: OutputDestination? = nil, showProgress: Bool = false, standardError: @escaping @Sendable (String) -> Void) {
        self.summary = summary
        self.showProgress = showProgress
        self.standardError = standardError
    }
}

extension UserListRun {
    /// Runs into `destination`. A file is written beside its destination and renamed over it
    /// once the run has succeeded and the bytes are on disk: a failed or interrupted run leaves
    /// the old file as it was and nothing else behind. Not creating it is exit 73, not writing 74.
    ///
    /// `--rejects` is written the same way and kept when the run stops on bad data (exit 65);
    /// both are written out before either is renamed into place. `--summary` is written last,
    /// whether the run succeeded or not.
    @discardableResult
    public func run(to destination: OutputDestination, warnings: any WarningReporter, reporting: RunReporting? = nil) throws(UserlistError) -> RunStatistics {
        try checkDistinctFiles(output: destination, summary: reporting?.summary)
        if let splitPages { try SplitPages(directory: splitPages, format: format, pageSize: query.pageSize).checkDirectory() }
        try SummaryFile.checkCreatable(reporting?.summary)
        // The baseline is read first: a missing one fails the run before any input is — and
        // --summary says so, as it does for every failure after the options were read.
        let started = Date()
        do { try guards?.prepare() } catch {
            if let reporting, let summaryDestination = reporting.summary {
                let summary = RunSummary(inputs: inputs.isEmpty ? 1 : inputs.count, bytes: 0, statistics: RunStatistics(), recordsSeen: 0,
                                         rejectedSeen: 0, seconds: Date().timeIntervalSince(started), failure: error, guards: guards)
                try? writeSummary(summary.json, to: summaryDestination, output: destination, reporting: reporting)
            }
            throw error
        }
        if case .file(let path) = destination { guards?.keptFile = path } else if let splitPages { guards?.keptFile = splitPages }
        let progress = ReadProgress(totalBytes: knownInputSize)
        let display = reporting.flatMap { $0.showProgress ? ProgressDisplay(progress: progress, width: $0.terminalWidth, write: $0.standardError) : nil }
        // Results reaching the terminal end the progress line first: a table, a count or rows
        // on standard output when it is the terminal, and `--rejects -` on standard error.
        let standardOutput = { () -> OutputWriter in
            let writer = OutputWriter.standardOutput()
            let stop = reporting?.standardOutputIsTerminal == true ? display : nil
            let first = reporting?.beforeFirstOutput
            if stop != nil || first != nil {
                writer.beforeFirstWrite = { bytes in
                    stop?.stop()
                    first?(bytes)
                }
            }
            return writer
        }
        let standardError = { () -> OutputWriter in
            let writer = OutputWriter.standardError()
            if let display { writer.beforeFirstWrite = { _ in display.stop() } }
            return writer
        }
        let warnings = display.map { ProgressWarnings(warnings, display: $0) } ?? warnings
        let rejects = rejectsPath != nil || maxRejects != nil
            ? try RejectsFile(path: rejectsPath, maximum: maxRejects, dash: destination == .standardOutput ? standardError() : standardOutput())
            : nil
        var statistics = RunStatistics()
        var failure: UserlistError?
        var output: AtomicFile?
        let loadedCounts = LoadedCounts()
        // A `--jq-timeout` ends the process from its watchdog: the summary is written there, with
        // what was read so far (the run's other counts are not known then: null).
        if let reporting, let summaryDestination = reporting.summary, jqTimeout != nil {
            let inputCount = inputs.isEmpty ? 1 : inputs.count
            let rejectsPath = self.rejectsPath
            let write = { @Sendable (line: String) in
                let summary = RunSummary(
                    inputs: inputCount, bytes: progress.bytesRead, statistics: RunStatistics(), recordsSeen: progress.recordsRead,
                    rejectedSeen: progress.recordsRejected, seconds: Date().timeIntervalSince(started),
                    failure: UserlistError(.data, Diagnostic(.expression, line)))
                try? SummaryFile.write(summary.json, to: summaryDestination, output: destination, rejectsPath: rejectsPath, standardError: reporting.standardError)
            }
            JQProgram.onTimeout(write)
        }
        defer { JQProgram.onTimeout(nil) }
        do {
            // The file is committed below, once the rejects are written too.
            (statistics, output) = try destination.writingUncommitted(standardOutput: standardOutput) { (writer) throws(UserlistError) in
                try execute(output: writer, warnings: warnings, rejects: rejects, progress: progress, loadedCounts: loadedCounts)
            }
        } catch {
            failure = error
            // Writing failed after the whole input was read: what it came to is known.
            statistics.report = loadedCounts.report
            statistics.matched = loadedCounts.matched
            // Rows streamed to standard output are out: the summary counts them.
            if destination == .standardOutput, splitPages == nil, loadedCounts.streamed > 0 { statistics.written = loadedCounts.streamed }
            // A guard that failed had the whole answer: its counts still go into --summary.
            if let guards, guards.failedOption != nil {
                statistics.report = guards.report
                statistics.matched = guards.checkedCount
            }
        }
        display?.stop()
        // Every file is written out before any is renamed: a rejects file that can't be written
        // (a full disk, `--rejects /dev/stdout` whose reader is gone) fails the run before
        // `--output` is replaced, so a failed run never publishes its output.
        if let rejects, Self.keepsRejects(after: failure) {
            do { try rejects.flush() } catch { failure = failure ?? error }
        }
        if let output {
            if failure == nil {
                do { try output.commit() } catch {
                    failure = UserlistError.output(error)
                }
            } else {
                output.abandon()
            }
        }
        if let rejects {
            if Self.keepsRejects(after: failure) {
                do { try rejects.commit() } catch { failure = failure ?? error }
            } else {
                rejects.abandon()
            }
        }
        if let reporting {
            let summary = RunSummary(
                inputs: inputs.isEmpty ? 1 : inputs.count, bytes: progress.bytesRead, statistics: statistics,
                recordsSeen: progress.recordsRead, rejectedSeen: rejects?.count ?? progress.recordsRejected,
                seconds: Date().timeIntervalSince(started), failure: failure, guards: guards)
            if let summaryDestination = reporting.summary {
                do { try writeSummary(summary.json, to: summaryDestination, output: destination, reporting: reporting) } catch { failure = failure ?? error }
            }
            if display?.wasShown == true, failure == nil { reporting.standardError("userlist: \(summary.humanLine)\n") }
        }
        if let failure { throw failure }
        return statistics
    }

    /// `-o`, `--rejects` and `--summary` naming one file: ``DistinctOutputFiles``.
    package func checkDistinctFiles(output: OutputDestination, summary: OutputDestination?) throws(UserlistError) {
        try DistinctOutputFiles.check(output: output, rejects: rejectsPath, summary: summary, inputs: inputs.compactMap { input in
            if case .file(let path) = input { path } else { nil }
        }, pages: splitPages.map { (directory: $0, extension: format.fileExtension) })
    }

    /// `--rejects` is put in place when the run succeeded or stopped on bad data (exit 65).
    package static func keepsRejects(after failure: UserlistError?) -> Bool {
        guard let failure else { return true }
        return failure.kind == .data
    }

    /// `--summary`'s line, to a file (replaced only once written) or, for `-`, standard output
    /// when nothing else is written there (the rows went to `-o FILE`, the rejects elsewhere),
    /// else standard error: `-` is standard output, or standard error when standard output
    /// carries the rows, as for `--rejects -`.
    package func writeSummary(_ text: String, to destination: OutputDestination, output: OutputDestination, reporting: RunReporting) throws(UserlistError) {
        try SummaryFile.write(text, to: destination, output: output, rejectsPath: rejectsPath, standardError: reporting.standardError)
    }

    /// The inputs' total size, when every one is a regular file (progress shows a percentage).
    private var knownInputSize: Int? {
        var total = 0
        for input in inputs {
            guard case .file(let path) = input, let size = FileReading.regularFileSize(path) else { return nil }
            total += size
        }
        return inputs.isEmpty ? nil : total
    }
}

/// `--summary`'s text written where the list and `diff` both put it (see ``UserListRun/writeSummary(_:to:output:reporting:)``).
enum SummaryFile {
    /// Fails now (exit 73) when `--summary FILE` can't be created — a missing directory, a
    /// directory — rather than after `-o` or the pages were put in place: a temporary file is
    /// made beside it and removed. A device or named pipe is left alone (opening a pipe would
    /// wait for its reader).
    static func checkCreatable(_ destination: OutputDestination?) throws(UserlistError) {
        guard case .file(let path)? = destination else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
           FileReading.regularFileSize(path) == nil { return }
        let file: AtomicFile
        do { file = try AtomicFile(path: path) } catch { throw UserlistError(.cantCreate, error, scope: "--summary") }
        file.abandon()
    }

    static func write(_ text: String, to destination: OutputDestination, output: OutputDestination, rejectsPath: String?, standardError: (String) -> Void) throws(UserlistError) {
        guard case .file(let path) = destination else {
            guard case .file = output, rejectsPath != "-" else { return standardError(text) }
            let writer = OutputWriter.standardOutput()
            writer.write(text)
            do { try writer.flush() } catch { throw UserlistError(.output, error.diagnostic.within("--summary")) }
            return
        }
        let file: AtomicFile
        do { file = try AtomicFile(path: path) } catch { throw UserlistError(.cantCreate, error, scope: "--summary") }
        let writer = OutputWriter(fileDescriptor: file.descriptor, name: path)
        writer.write(text)
        do { try writer.flush() } catch {
            file.abandon()
            throw error
        }
        do { try file.commit() } catch { throw UserlistError(.output, error, scope: "--summary") }
    }
}
