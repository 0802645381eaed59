@_spi(Pipeline) import UserListViewModel

/// A CSV record of column values, as ``CSVCellRenderer`` writes one: each value quoted only when
/// it must be (``CSVCellRenderer/needsQuotes(_:)``), inner quotes doubled, an absent or empty
/// value an empty field, CRLF at the end.
struct CSVValuesWriter: ColumnValuesWriter {
    /// Every byte a quote (doubled), the value quoted, the commas and the CRLF.
    func maximumSize(of values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>) -> Int {
        var size = values.count + 1
        for value in values { size += 2 + 2 * (value?.count ?? 0) }
        return size
    }

    func write(_ values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>, to out: UnsafeMutableRawPointer) -> Int {
        var at = 0
        for (index, value) in values.enumerated() {
            if index > 0 { at = out.put(UInt8(ascii: ","), at: at) }
            guard let value, !value.isEmpty else { continue }
            let bytes = UnsafeRawBufferPointer(value)
            guard CSVCellRenderer.needsQuotes(bytes) else {
                at = out.put(bytes, at: at)
                continue
            }
            at = out.put(UInt8(ascii: "\""), at: at)
            // The runs between quotes copied whole; each quote written twice.
            var runStart = 0
            for i in 0..<bytes.count where bytes[i] == UInt8(ascii: "\"") {
                at = out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart...i]), at: at)
                at = out.put(UInt8(ascii: "\""), at: at)
                runStart = i + 1
            }
            at = out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart...]), at: at)
            at = out.put(UInt8(ascii: "\""), at: at)
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
