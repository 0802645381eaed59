@_spi(Pipeline) import UserListViewModel

/// A TSV line of column values, as ``TSVRenderer`` writes one: each value as
/// ``TSVRenderer/writeField(_:to:at:)`` writes it, an absent value an empty field, `\n` at the end.
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
            at = TSVRenderer.writeField(UnsafeRawBufferPointer(value), to: out, at: at)
        }
        return out.put(0x0A, at: at)
    }
}
