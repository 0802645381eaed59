/// How an input lays its documents out, which decides where a broken record ends.
///
/// Decided once per input from its first lines (`detect(in:)`, in the Gateway), and only used when a document
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

    /// What it means for a broken record, as `--explain` says it.
    public var brokenRecordBound: String {
        switch self {
        case .lines: "a broken record is its line"
        case .pretty: "a broken record runs to the next line that can start a document"
        }
    }
}
