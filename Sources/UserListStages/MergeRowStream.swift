import UserListKit
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListViewModel
import UserListService
import UserListRendering

/// A full export's rows written by the merge stage as they arrive, sorted by the driver, so the
/// driver's memory does not grow with the export: json's envelope (its counts are known, since
/// every line of counts sorts before the rows), then the rows joined by commas; ndjson, csv and
/// tsv's header, then the rows as they are (coloured ndjson a line at a time, as a single run
/// streams it). A table and `--jq-out` need every row first, and coloured JSON is rewritten
/// whole: those are rendered at the end, as a single run does. A class: as a struct in the
/// merge's per-line closure it was copied for every row (its renderer retained and released:
/// ~5% of a 5M export's merge).
final class MergeRowStream {
    private enum Form {
        case rows(any RowStreamingRenderer)
        case json(JSONListRenderer)
    }

    private let form: Form
    /// `form` is json's: decided once, as matching `form` for every row copied its renderer
    /// (a retain and a release a row: with the header's check, ~5% of a 5M export's merge).
    private let isJSON: Bool
    private let colour: JSONHighlighter?
    private var first = true
    /// A header not yet written: it goes out with the first row, or at the end of a run that
    /// succeeds, as a single run writes it (a run that fails before any row writes nothing).
    private var pendingHeader: (any RowStreamingRenderer)?
    private var headerPending = false

    init?(renderer: any ListRenderer, highlight: JSONHighlighter?) {
        if let json = renderer as? JSONListRenderer, highlight == nil {
            form = .json(json)
        } else if let rows = renderer as? any RowStreamingRenderer {
            form = .rows(rows)
        } else {
            return nil
        }
        colour = highlight?.compact
        if case .json = form { isJSON = true } else { isJSON = false }
    }

    /// Whether a single run streams this format: it writes its header, and the rows before an
    /// error, before it fails (json is written only once all is read).
    var streamsInOneRun: Bool {
        if case .rows = form { true } else { false }
    }

    func writeOpening(_ state: ListState, to output: OutputWriter) {
        switch form {
        case .rows(let renderer):
            pendingHeader = renderer
            headerPending = true
        case .json(let renderer): renderer.writeOpening(state, to: output)
        }
    }

    func write(_ row: UnsafeRawBufferPointer, to output: OutputWriter) {
        if headerPending { writePendingHeader(to: output) }
        if isJSON, !first { output.write(byte: UInt8(ascii: ",")) }
        first = false
        if let colour {
            colour.rewrite(Array(row)).withUnsafeBytes { output.write($0) }
        } else {
            output.write(row)
        }
    }

    /// A row of an ordered part file's body (`--part rows`): the row, then json's comma, as every
    /// row but the export's last is followed in the whole output; the other formats' rows end with
    /// their line break already.
    func writeDetached(_ row: UnsafeRawBufferPointer, to output: OutputWriter) {
        if let colour {
            colour.rewrite(Array(row)).withUnsafeBytes { output.write($0) }
        } else {
            output.write(row)
        }
        if isJSON { output.write(byte: UInt8(ascii: ",")) }
    }

    /// What comes before the first row, written now (`--part ends`): csv and tsv's header, json's
    /// opening. A run that succeeds writes it whether or not any row follows.
    func writeOpeningNow(_ state: ListState, to output: OutputWriter) {
        writeOpening(state, to: output)
        writePendingHeader(to: output)
    }

    func writeClosing(to output: OutputWriter) {
        writePendingHeader(to: output)
        if case .json(let renderer) = form { renderer.writeClosing(to: output) }
    }

    private func writePendingHeader(to output: OutputWriter) {
        guard let renderer = pendingHeader else { return }
        renderer.writeHeader(to: output)
        pendingHeader = nil
        headerPending = false
    }
}
