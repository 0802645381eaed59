@_spi(Pipeline) import UserListJSON

/// How an input lays its documents out, which decides where a broken record ends.
///
/// Decided once per input from its first lines (``detect(in:)``), and only used when a document
/// fails: valid documents parse the same in either layout. jq reads on into the next lines after a
/// broken one and resumes where its parser gave up, so one line cut after `"email": ` takes the
/// good users after it along (jq#1384); DuckDB's `ignore_errors` and Miller bound a bad record by
/// its line. userlist does the latter where the input shows that lines are records.
public enum InputLayout: String, Sendable {
    /// One document per line (NDJSON, JSON Lines, one-line documents one after another): a
    /// document that fails is its whole line, and reading resumes at the next line.
    case lines = "line-delimited"
    /// Documents over several lines: a document that fails takes its first line and the lines
    /// after it that cannot start a document of their own.
    case pretty = "pretty-printed"

    /// Lines looked at to decide.
    static let sampleLines = 16

    /// Line-delimited when most of the first non-blank lines are each a whole JSON text by
    /// themselves. Pretty-printed text almost never has one (`{`, `  "id": 1,`, `}`); an NDJSON
    /// export has them all, and keeps the majority with a broken line or two among its first.
    /// A first chunk without one whole line (a single long document) counts as line-delimited:
    /// its one line is its one record.
    static func detect(in bytes: UnsafeRawBufferPointer) -> InputLayout {
        var whole = 0, looked = 0
        var lineStart = 0
        while looked < sampleLines, lineStart < bytes.count,
              let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<newline])
            lineStart = newline + 1
            if line.isBlankJSON { continue }
            looked += 1
            if JSONSyntaxDiagnoser.firstError(in: line) == nil { whole += 1 }
        }
        return looked == 0 || whole * 2 > looked ? .lines : .pretty
    }
}
