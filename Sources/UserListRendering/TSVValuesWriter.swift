@_spi(Pipeline) import UserListViewModel

/// A TSV line of column values, as ``TSVRenderer`` writes one: tab, newline, carriage return and
/// backslash inside a value written `\t`, `\n`, `\r`, `\\`; an absent value an empty field; `\n`
/// at the end.
struct TSVValuesWriter: ColumnValuesWriter {
    /// Every byte escaped (two), the tabs and the newline.
    func maximumSize(of values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>) -> Int {
        var size = values.count
        for value in values { size += 2 * (value?.count ?? 0) }
        return size
    }

    func write(_ values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>, to out: UnsafeMutableRawPointer) -> Int {
        var at = 0
        for (index, value) in values.enumerated() {
            if index > 0 { at = out.put(0x09, at: at) }
            guard let value else { continue }
            let bytes = UnsafeRawBufferPointer(value)
            var runStart = 0
            for i in 0..<bytes.count {
                let escaped: UInt8
                switch bytes[i] {
                case 0x09: escaped = UInt8(ascii: "t")
                case 0x0A: escaped = UInt8(ascii: "n")
                case 0x0D: escaped = UInt8(ascii: "r")
                case 0x5C: escaped = UInt8(ascii: "\\")
                default: continue
                }
                at = out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart..<i]), at: at)
                at = out.put(UInt8(ascii: "\\"), at: at)
                at = out.put(escaped, at: at)
                runStart = i + 1
            }
            at = out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart...]), at: at)
        }
        return out.put(0x0A, at: at)
    }
}
