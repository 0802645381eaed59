import UserListDomain
@_spi(Pipeline) import UserListJSON

extension InputLayout {
    /// Lines looked at to decide.
    static let sampleLines = 16

    /// Decided by the first documents themselves: each whole, valid one either fits on one line
    /// (evidence of line-delimited input) or spans lines (pretty-printed); a broken one is stepped
    /// over to the next line and says nothing. Without any whole document in the first MiB (one
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
            if case .whole(let end) = JSONSyntaxDiagnoser.firstDocument(in: window, from: position) {
                if window[position..<end].contains(UInt8(ascii: "\n")) { manyLines += 1 } else { oneLine += 1 }
                position = end
            } else if let newline = window[position...].firstIndex(of: UInt8(ascii: "\n")) {
                position = newline + 1
            } else {
                break
            }
        }
        if oneLine + manyLines > 0 { return manyLines > oneLine ? .pretty : .lines }
        return linesDecide(window)
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
