@_spi(Pipeline) import UserListViewModel

/// A row of column values as a JSON object, as ``CellJSON`` writes one: `{"name":value,…}` in the
/// columns' order, each value a JSON string as ``JSONText`` writes it (an absent one `null`);
/// followed by a newline for ndjson, by nothing for the json list's items.
struct JSONObjectValuesWriter: ColumnValuesWriter {
    /// Before each value: `{"name":` for the first column, `,"name":` for the others, escaped once.
    private let keys: [[UInt8]]
    private let keysSize: Int
    private let newline: Bool

    init(columns: OutputColumns, newline: Bool) {
        self.newline = newline
        keys = columns.columns.enumerated().map { index, column in
            let output = OutputWriter()
            output.write(byte: index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
            JSONText.appendString(column.name, to: output)
            output.write(byte: UInt8(ascii: ":"))
            return output.bytes
        }
        keysSize = keys.reduce(0) { $0 + $1.count }
    }

    /// The keys, each value escaped at its longest (or `null`), `{}` and the newline.
    func maximumSize(of values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>) -> Int {
        var size = keysSize + 3
        for value in values { size += value.map { JSONText.maximumQuotedSize($0.count) } ?? 4 }
        return size
    }

    func write(_ values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>, to out: UnsafeMutableRawPointer) -> Int {
        precondition(values.count == keys.count, "a value for each column")
        var at = 0
        for (key, value) in zip(keys, values) {
            at = key.withUnsafeBytes { out.put($0, at: at) }
            if let value {
                at = JSONText.writeQuoted(UnsafeRawBufferPointer(value), to: out, at: at)
            } else {
                at = out.put(UnsafeRawBufferPointer(StaticString("null")), at: at)
            }
        }
        if keys.isEmpty { at = out.put(UInt8(ascii: "{"), at: at) }
        at = out.put(UInt8(ascii: "}"), at: at)
        return newline ? out.put(UInt8(ascii: "\n"), at: at) : at
    }
}

extension UnsafeRawBufferPointer {
    /// The bytes of an ASCII literal.
    init(_ literal: StaticString) {
        self.init(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }
}
