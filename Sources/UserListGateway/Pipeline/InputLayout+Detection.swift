import UserListDomain
@_spi(Pipeline) import UserListJSON

extension InputLayout {
    /// Lines looked at to decide.
    static let sampleLines = 16

    /// Decided by the first documents themselves: each whole, valid object or array that ends its
    /// line either fits on one line (evidence of line-delimited input) or spans lines
    /// (pretty-printed); anything else (a broken document, an element or a member of a broken
    /// one) is stepped over to the next line and says nothing. Without any whole document in the first MiB (one
    /// big document), the lines decide: pretty-printed text almost never has a line that is a
    /// JSON text by itself (`{`, `  "users": [`), an NDJSON line always is. No evidence at all
    /// (a single long line) counts as line-delimited: its one line is its one record.
    static func detect(in bytes: UnsafeRawBufferPointer) -> InputLayout {
        let window = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, 1 << 20)])
        var oneLine = 0, manyLines = 0, tries = 0
        var position = 0
        while oneLine + manyLines < sampleLines, tries < 4 * sampleLines, position < window.count {
            tries += 1
            while position < window.count, window[position].isJSONWhitespace { position += 1 }
            guard position < window.count else { break }
            let opens = window[position] == UInt8(ascii: "{") || window[position] == UInt8(ascii: "[")
            if opens, case .whole(let end) = JSONSyntaxDiagnoser.firstDocument(in: window, from: position), endsItsLine(end, in: window) {
                if window[position..<end].contains(UInt8(ascii: "\n")) { manyLines += 1 } else { oneLine += 1 }
                position = end
            } else if let newline = window[position...].firstIndex(of: UInt8(ascii: "\n")) {
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

    /// Only white space, or another object or array, follows `end` on its line: a document of its
    /// own, not an element or a member of a broken one (`  {"id": 1},`, `"id": 1,`).
    private static func endsItsLine(_ end: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        var i = end
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") || bytes[i] == UInt8(ascii: "\r") { i += 1 }
        return i == bytes.count || bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[")
    }

    /// Most of the first non-blank lines are a whole JSON text each.
    private static func linesDecide(_ bytes: UnsafeRawBufferPointer) -> InputLayout {
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
