@_spi(Pipeline) import UserListDomain
import UserListPlatform
import UserListRendering

/// `--rejects FILE` and `--max-rejects N`: every record that did not become a user (and every
/// user `--where` failed on) as one NDJSON line, and the count that fails the run past N.
///
/// A line: `{"input":…,"line":…,"column":…,"path":…,"kind":…,"reason":…,"record":{…}}`, with
/// `text` (the raw text) instead of `record` for bad JSON, and no `path` for a whole document.
/// The file is written like `--output` (beside it, renamed into place) and kept when the run
/// ends in a data error too (exit 65, say past `--max-rejects`): that is when it is wanted most.
final class RejectsFile: RejectReporter, @unchecked Sendable {
    private let file: AtomicFile?
    private let writer: OutputWriter?
    let maximum: Int?
    private(set) var count = 0

    /// `path` nil: only count (for `--max-rejects` alone). `-` is a standard stream, as in every
    /// Unix tool: `dash` (standard output, or standard error when standard output carries the
    /// rows), written as the records come, never renamed.
    init(path: String?, maximum: Int?, dash: @autoclosure () -> OutputWriter = .standardOutput()) throws(UserlistError) {
        self.maximum = maximum
        guard let path else {
            file = nil
            writer = nil
            return
        }
        if path == "-" {
            file = nil
            writer = dash()
            return
        }
        let file: AtomicFile
        do { file = try AtomicFile(path: path) } catch { throw UserlistError(.cantCreate, error, scope: "--rejects") }
        self.file = file
        writer = OutputWriter(fileDescriptor: file.descriptor, name: path)
    }

    func reject(_ record: RejectedRecord) throws(UserlistError) {
        count += 1
        if let writer { Self.write(record, to: writer) }
        if let maximum, count > maximum {
            throw Self.tooMany(maximum, last: "\(record.location): \(record.reason)")
        }
    }

    /// `--max-rejects N` passed: `last` is the reject one too many, `INPUT:LINE:COLUMN: REASON`
    /// (the merge stage of a distributed run says it in the same words).
    static func tooMany(_ maximum: Int, last: String) -> UserlistError {
        UserlistError(.data, Diagnostic(.runCheck, "more than \(maximum) records rejected (--max-rejects \(maximum)); the last: \(last)"))
    }

    /// A line as ``write(_:to:)`` makes it, made elsewhere: the map stage's, for the merge stage
    /// of a distributed run, which gathers every partition's (README: Past one machine).
    func append(line: String) {
        count += 1
        writer?.write(line)
        writer?.write(byte: UInt8(ascii: "\n"))
    }

    /// Writes out what is buffered, before anything is renamed into place.
    func flush() throws(UserlistError) {
        do { try writer?.flush() } catch {
            throw UserlistError(error.kind, error.diagnostic.within("--rejects"))
        }
    }

    /// Puts the file in place (the run succeeded, or stopped on bad data).
    func commit() throws(UserlistError) {
        guard let file else { return }
        try flush()
        do { try file.commit() } catch {
            throw UserlistError.output(error, scope: "--rejects")
        }
    }

    /// Leaves any old file as it was; a stream gets what was written to it.
    func abandon() {
        guard let file else {
            try? flush()
            return
        }
        file.abandon()
    }

    /// One line, `\n` included.
    static func write(_ record: RejectedRecord, to output: OutputWriter) {
        output.write("{\"input\":")
        JSONText.appendString(record.location.input, to: output)
        output.write(",\"line\":")
        output.write(int: record.location.line)
        output.write(",\"column\":")
        output.write(int: record.location.column)
        if let path = record.location.path {
            output.write(",\"path\":")
            JSONText.appendString(path, to: output)
        }
        output.write(",\"kind\":")
        JSONText.appendString(record.kind.rawValue, to: output)
        output.write(",\"reason\":")
        JSONText.appendString(record.reason, to: output)
        switch record.text {
        case .json(let json):
            output.write(",\"record\":")
            output.write(json)
        case .raw(let text):
            output.write(",\"text\":")
            JSONText.appendString(text, to: output)
        case nil:
            break
        }
        output.write("}\n")
    }
}
