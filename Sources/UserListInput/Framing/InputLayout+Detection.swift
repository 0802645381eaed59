import UserListDomain
@_spi(Pipeline) import UserListJSON

extension InputLayout {
    /// Lines looked at to decide.
    static let sampleLines = 16

    /// Decided by the first documents themselves: each whole, valid object or array that ends its
    /// line either fits on one line (evidence of line-delimited input) or spans lines
    /// (pretty-printed, when a line inside it is indented, or when nothing but white space follows
    /// it); anything else (a broken document, an element or a member of a broken one) is stepped
    /// over to the next line and says nothing. Without any whole document in the first MiB (one
    /// big document), the lines decide: pretty-printed text almost never has a line that is a
    /// JSON text by itself (`{`, `  "users": [`), an NDJSON line always is. No evidence at all (a
    /// first chunk inside one long document) counts as pretty-printed, which never refuses a
    /// valid document: a single line's bad record then runs to the end of the input either way.
    package static func detect(in bytes: UnsafeRawBufferPointer) -> InputLayout {
        let window = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, 1 << 20)])
        var oneLine = 0, manyLines = 0, tries = 0
        var position = 0
        while oneLine + manyLines < sampleLines, tries < 4 * sampleLines, position < window.count {
            tries += 1
            while position < window.count, window[position].isJSONWhitespace { position += 1 }
            guard position < window.count else { break }
            let opens = window[position] == UInt8(ascii: "{") || window[position] == UInt8(ascii: "[")
            let document = opens ? JSONSyntaxDiagnoser.firstDocument(in: window, from: position) : nil
            if case .whole(let end)? = document, endsItsLine(end, in: window) {
                let spansLines = spans(position..<end, in: window)
                // The input's only document, however its lines are laid out (`[` alone on a line,
                // elements flush left): read as lines it would be refused, and with nothing
                // after it there is nothing else a layout could be wrong about.
                if spansLines, oneLine + manyLines == 0, UnsafeRawBufferPointer(rebasing: window[end...]).isBlankJSON { return .pretty }
                if !spansLines || hasIndentedLine(position..<end, in: window) {
                    // The first document sets the layout when it is pretty-printed (an envelope,
                    // then its next pages one per line); an NDJSON export only starts that way by chance.
                    if spansLines, oneLine + manyLines == 0 { return .pretty }
                    if spansLines { manyLines += 1 } else { oneLine += 1 }
                    position = end
                    continue
                }
            } else if document == .cutOff {
                break  // inside one document bigger than the window (or cut off): its lines decide
            }
            if let newline = window[position...].firstIndex(of: UInt8(ascii: "\n")) {
                position = newline + 1
            } else {
                break
            }
        }
        // A valid document over several lines is strong evidence: an NDJSON writer never makes
        // one, a dirty export only by chance (a lone `{` line before a `}{…}` line). One in five
        // is pretty-printed input (a pretty envelope and a one-line page after it: 1 to 1).
        if oneLine + manyLines > 0 { return manyLines > 0 && manyLines * 4 >= oneLine ? .pretty : .lines }
        return linesDecide(window)
    }

    /// A whole value followed by a comma (`{"id": 1},`): an array's element on a line of its own,
    /// never an NDJSON record. (A record cut off after a member's comma is not whole.)
    private static func isElement(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let last = line.lastIndex(where: { !$0.isJSONWhitespace }), line[last] == UInt8(ascii: ",") else { return false }
        return JSONSyntaxDiagnoser.firstError(in: UnsafeRawBufferPointer(rebasing: line[..<last])) == nil
    }

    private static func spans(_ range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Bool {
        bytes[range].contains(UInt8(ascii: "\n"))
    }

    /// A line of `range` after its first starts with white space. A formatter indents what it
    /// spreads over lines; broken lines that happen to make valid JSON together (a lone `{`
    /// line, then `}{"id": 7}`) start every line at the first column, and say nothing.
    private static func hasIndentedLine(_ range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Bool {
        var i = range.lowerBound
        while let newline = bytes[i..<range.upperBound].firstIndex(of: UInt8(ascii: "\n")) {
            i = newline + 1
            if i < range.upperBound, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { return true }
        }
        return false
    }

    /// Only white space, or another object or array, follows `end` on its line: a document of its
    /// own, not an element or a member of a broken one (`  {"id": 1},`, `"id": 1,`).
    private static func endsItsLine(_ end: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        var i = end
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") || bytes[i] == UInt8(ascii: "\r") { i += 1 }
        return i == bytes.count || bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[")
    }

    /// No whole document to go by (one document bigger than the window, or nothing but broken
    /// ones): the lines' shape decides. Pretty-printed text is mostly indented lines or lines
    /// that end in a comma; an export of broken lines starts them at the first column. A line that is only a bracket (`{`, `],`)
    /// says nothing; nothing to go by is pretty-printed, which never refuses a valid document.
    private static func linesDecide(_ bytes: UnsafeRawBufferPointer) -> InputLayout {
        var flush = 0, indented = 0, looked = 0
        var lineStart = 0
        while looked < sampleLines, lineStart < bytes.count,
              let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<newline])
            lineStart = newline + 1
            if line.isBlankJSON { continue }
            looked += 1
            let content = line.filter { !$0.isJSONWhitespace && $0 != UInt8(ascii: ",") }
            if content.count == 1, [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(content[0]) { continue }
            if line[0].isJSONWhitespace || isElement(line) { indented += 1 } else { flush += 1 }
        }
        return flush > indented ? .lines : .pretty
    }
}
