@_spi(Pipeline) import UserListViewModel

/// A CSV record of column values, as ``CSVCellRenderer`` writes one: each value as
/// ``CSVCellRenderer/writeField(_:to:at:)`` writes it, an absent or empty value an empty field,
/// CRLF at the end.
struct CSVValuesWriter: ColumnValuesWriter {
    /// Each field at its longest, the commas and the CRLF.
    func maximumSize(of values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>) -> Int {
        var size = values.count + 1
        for value in values { size += CSVCellRenderer.maximumFieldSize(value?.count ?? 0) }
        return size
    }

    func write(_ values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>, to out: UnsafeMutableRawPointer) -> Int {
        var at = 0
        for (index, value) in values.enumerated() {
            if index > 0 { at = out.put(UInt8(ascii: ","), at: at) }
            guard let value, !value.isEmpty else { continue }
            at = CSVCellRenderer.writeField(UnsafeRawBufferPointer(value), to: out, at: at)
        }
        at = out.put(0x0D, at: at)
        return out.put(0x0A, at: at)
    }
}

extension UnsafeMutableRawPointer {
    /// Writes `byte` at `offset`; returns the offset after it.
    @inline(__always)
    func put(_ byte: UInt8, at offset: Int) -> Int {
        storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
        return offset + 1
    }

    /// Writes `bytes` at `offset`; returns the offset after them.
    @inline(__always)
    func put(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
        if let source = bytes.baseAddress { (self + offset).copyMemory(from: source, byteCount: bytes.count) }
        return offset + bytes.count
    }
}
