import Testing
@_spi(Pipeline) @testable import UserListRendering
@_spi(Pipeline) import UserListViewModel
import UserListDomain
import UserListTestSupport

extension Rendering {
    /// A row written from column values (a record decided from its keys) is byte for byte the row
    /// the renderer writes from the same values as strings.
    @Suite struct ColumnValuesWriterTests {
        static let formats: [OutputFormat] = [.csv, .tsv, .ndjson, .json]

        /// 3,000 random rows over every ASCII control byte, quotes, commas, backslashes, DEL,
        /// blanks at the ends and non-ASCII text, absent and empty values among them.
        @Test(arguments: formats)
        func writtenRowsAreTheRenderersRows(format: OutputFormat) throws {
            let columns = try OutputColumns(parsing: "id,name,address.city,bio")
            let renderer = try #require(format.renderer(maxTableWidth: nil, columns: columns) as? any CellEncoder)
            let writer = try #require(renderer.columnValuesWriter)
            var random = SeededGenerator(state: 31)
            let pieces = ["a", "Zoë", "张", ",", "\"", "\\", " ", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{8}", "\u{C}", "x,y", "\u{2028}"]
            for _ in 0..<3_000 {
                let values: [String?] = (0..<4).map { _ in
                    Int.random(in: 0..<6, using: &random) == 0 ? nil : (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                }
                let user = User(id: values[0] ?? "1", name: values[1], bio: values[3], address: values[2].map { Address(city: $0) })
                // The id is never absent: a user has one.
                let row = [user.id, values[1], values[2], values[3]]
                let expected = renderer.encode([UserRow(user: user, makingCell: false)])[0].withBytes { Array($0) }
                let written = EncodedRows(capacity: 1 << 16)
                let got = withUTF8s(row) { spans in
                    spans.withUnsafeBufferPointer { spans in
                        written.append(maximumCount: writer.maximumSize(of: spans)) { writer.write(spans, to: $0) }.withBytes { Array($0) }
                    }
                }
                #expect(got == expected, "\(row.debugDescription)")
            }
        }

        private func withUTF8s<R>(_ values: [String?], _ body: ([UnsafeBufferPointer<UInt8>?]) -> R) -> R {
            guard let first = values.first else { return body([]) }
            let rest = Array(values.dropFirst())
            guard var text = first else { return withUTF8s(rest) { body([nil] + $0) } }
            return text.withUTF8 { span in withUTF8s(rest) { body([span] + $0) } }
        }
    }
}
