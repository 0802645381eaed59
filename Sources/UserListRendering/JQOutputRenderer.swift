@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
import UserListJQ
/// `--jq-out EXPR`: runs a jq expression on the output document — the `json` envelope, or each
/// cell with `ndjson` — and prints every output as one compact JSON line, as `jq -c` does; with
/// jq's output options, as jq prints them: `-r` strings as text, `-j` without the line break,
/// `--raw-output0` each followed by a NUL, `--indent`/`--tab`/`-S`/`-C` through a ``JSONHighlighter``.
///
/// All outputs are produced before any is written, so a runtime error leaves standard output empty.
public final class JQOutputRenderer: ListRenderer {
    private let program: JQProgram
    private let perCell: Bool
    /// `-r`: a string output is printed as its text, as `jq -r` does.
    private let raw: Bool
    /// How JSON outputs are laid out and coloured (nil: compact, plain).
    private let style: JSONHighlighter?
    /// What follows each output: a line break; nothing (`-j`); NUL (`--raw-output0`).
    private let separator: String
    /// `-e`: what the last output was (jq's exit status from it).
    public private(set) var lastOutput: OutputValue = .none
    /// What `input_filename` gives: the answer is made of every input, so, as `jq` after reading
    /// them all, the last input's name (nil: standard input).
    public var inputFilename: String?

    /// Compiles `expression`; `format` is what it transforms: `.json` (the envelope) or `.ndjson` (cells).
    public init(expression: String, variables: JQVariables = JQVariables(), format: OutputFormat, raw: Bool = false,
                style: JSONHighlighter? = nil, separator: String = "\n") throws(UserlistError) {
        self.raw = raw
        self.style = style
        self.separator = separator
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

    public func render(_ state: ListState, to output: OutputWriter) throws(UserlistError) {
        JQInputName.enter(inputFilename)
        var outputs: [[UInt8]] = []
        if perCell {
            for cell in state.page?.items ?? [] { try collect(cell.jqValue(), into: &outputs) }
        } else {
            try collect(state.jqValue(), into: &outputs)
        }
        for bytes in outputs {
            bytes.withUnsafeBytes { output.write($0) }
            output.write(separator)
        }
    }

    private func collect(_ input: consuming JQValue, into outputs: inout [[UInt8]]) throws(UserlistError) {
        var failure: UserlistError?
        do {
            try program.run(input) { value in
                lastOutput = value.isFalsy ? .falsy : .truthy
                if raw, value.isString {
                    let text = value.rawText()
                    if separator == "\u{0}", text.utf8.contains(0) {
                        failure = UserlistError(.data, Diagnostic(.expression, option: "--raw-output0", "a string output holds a NUL byte, which would end it early"))
                        return false
                    }
                    outputs.append(Array(text.utf8))
                } else {
                    let json = Array(value.json().utf8)
                    outputs.append(style.map { $0.rewrite(json) } ?? json)
                }
                return true
            }
        } catch {
            throw UserlistError(.data, Diagnostic(.expression, option: "--jq-out", error.message))
        }
        if let failure { throw failure }
    }
}

/// What a run printed last, for `-e` (`--exit-status`), as jq decides its exit status.
public enum OutputValue: Sendable {
    /// Nothing was printed: exit 4.
    case none
    /// `false` or `null`: exit 1.
    case falsy
    /// Anything else: exit 0.
    case truthy
}
