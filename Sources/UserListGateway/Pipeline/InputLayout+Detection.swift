import UserListDomain
@_spi(Pipeline) import UserListJSON

extension InputLayout {
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
