@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
import UserListJQ
/// `--jq-out EXPR`: runs a jq expression on the output document — the `json` envelope, or each
/// cell with `ndjson` — and prints every output as one compact JSON line, as `jq -c` does.
///
/// All outputs are produced before any is written, so a runtime error leaves standard output empty.
public final class JQOutputRenderer: ListRenderer {
    private let program: JQProgram
    private let perCell: Bool
    /// `-r`: a string output is printed as its text, as `jq -r` does.
    private let raw: Bool

    /// Compiles `expression`; `format` is what it transforms: `.json` (the envelope) or `.ndjson` (cells).
    public init(expression: String, variables: JQVariables = JQVariables(), format: OutputFormat, raw: Bool = false) throws(UserlistError) {
        self.raw = raw
        guard format == .json || format == .ndjson else {
            throw UserlistError(.usage, Diagnostic(.usage, option: "--jq-out", "works on --format json or ndjson, not \(format.rawValue)"))
        }
        do {
            program = try JQProgram(expression, variables: variables, label: "--jq-out")
        } catch {
            throw UserlistError(.usage, Diagnostic(.expression, option: "--jq-out", error.message))
        }
        perCell = format == .ndjson
    }

    public func render(_ state: ListState, to output: OutputWriter) throws {
        var lines: [String] = []
        do {
            if perCell {
                for cell in state.page?.items ?? [] { try collect(cell.jqValue(), into: &lines) }
            } else {
                try collect(state.jqValue(), into: &lines)
            }
        } catch let error as JQError {
            throw UserlistError(.data, Diagnostic(.expression, option: "--jq-out", error.message))
        }
        for line in lines {
            output.write(line)
            output.write(byte: UInt8(ascii: "\n"))
        }
    }

    private func collect(_ input: consuming JQValue, into lines: inout [String]) throws {
        try program.run(input) { value in
            lines.append(raw ? value.rawText() : value.json())
            return true
        }
    }
}
