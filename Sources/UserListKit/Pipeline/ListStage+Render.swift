import UserListRendering
import UserListViewModel
import UserListJQ
@_spi(Pipeline) import UserListDomain

extension ListStage {
    /// The output: what writes it, and what is written.
    package struct Render {
        package var format: OutputFormat
        package var writer: Writer
        package var sink: Sink

        /// The format's renderer, made once per run; or `--jq-out`, compiled where it runs.
        package enum Writer {
            /// On a terminal or with `--color`, how its JSON is indented and coloured.
            case format(any ListRenderer, highlight: JSONHighlighter?)
            case jqOut(JQOut)

            /// The format's row encoder (json, ndjson, csv, tsv, markdown, html), for the cells stage.
            package var encoder: (any CellEncoder)? {
                if case .format(let renderer, _) = self { renderer as? any CellEncoder } else { nil }
            }
        }

        /// `--jq-out` and its output options.
        package struct JQOut {
            var expression: String
            var variables: JQVariables
            var format: OutputFormat
            var raw: Bool
            var style: JSONHighlighter?
            var separator: String
            /// What jq's `input_filename` gives: the last input, when it is a file.
            var inputFilename: String?
        }

        /// What the run writes once the stages before have run.
        package enum Sink {
            /// `--explain`: detection, field sources and the first user instead of the list.
            case explain
            /// `--next`: where the next page is, read like a count.
            case next
            /// `--count`: the number of matches.
            case count
            /// `--count-by`: each value with its count.
            case countBy(CountByField)
            /// `--split-pages DIR`: every page in a file of its own.
            case splitPages(directory: String)
            /// Every match in input order, spooled: the page's header (or the table's footer)
            /// needs the count.
            case framed(any FramedRowRenderer)
            /// Every match in input order, written batch by batch as it is decided.
            case stream(any RowStreamingRenderer)
            /// The state, rendered once the whole input is read.
            case whole
        }

        /// The renderer, `--jq-out` compiled (a compile error is exit 64), and its highlighter.
        package func renderer() throws(UserlistError) -> (renderer: any ListRenderer, highlight: JSONHighlighter?) {
            switch writer {
            case .format(let renderer, let highlight):
                return (renderer, highlight)
            case .jqOut(let jq):
                // `--jq-out` styles each JSON output itself: `-r` text is printed as it is, never
                // re-tokenised (the highlighter would drop its spaces and tabs).
                let renderer = try JQOutputRenderer(expression: jq.expression, variables: jq.variables, format: jq.format, raw: jq.raw,
                                                    style: jq.style, separator: jq.separator)
                renderer.inputFilename = jq.inputFilename
                return (renderer, nil)
            }
        }

        var title: String {
            let what = if case .jqOut = writer { "jq-out" } else { format.rawValue }
            switch sink {
            case .explain: return "explain"
            case .next: return "next page"
            case .count: return "render (count)"
            case .countBy: return "render (\(format.rawValue) counts)"
            case .splitPages: return "render (\(what), split pages)"
            case .framed: return "render (\(what), spooled)"
            case .stream: return "render (\(what), streamed)"
            case .whole: return "render (\(what))"
            }
        }
    }
}
