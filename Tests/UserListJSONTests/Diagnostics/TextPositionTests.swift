import Testing
@_spi(Pipeline) import UserListJSON

extension DiagnosticsTests {
    /// Byte offsets to `line:column`, across line-ending styles, non-ASCII text and chunk boundaries.
    struct TextPositionTests {
        /// Text, a byte offset into it, and the line and column expected there.
        static let positions: [(String, Int, Int, Int)] = [
            ("", 0, 1, 1),
            ("abc", 0, 1, 1),
            ("abc", 2, 1, 3),
            ("abc", 3, 1, 4),  // the end
            ("ab\ncd", 2, 1, 3),  // the newline itself is on line 1
            ("ab\ncd", 3, 2, 1),
            ("ab\ncd", 4, 2, 2),
            ("ab\n", 3, 2, 1),
            ("\n\n\nx", 3, 4, 1),
            ("a\r\nb", 1, 1, 2),  // the \r is the last column of its line
            ("a\r\nb", 3, 2, 1),
            ("a\r\n\r\nb", 5, 3, 1),
            ("a\rb", 2, 1, 3),  // a lone \r is not a line break
            ("né\nçà!", 8, 2, 3),  // `!` after two two-byte letters
            ("👍x", 4, 1, 2),
            ("张伟 x", 7, 1, 4),
            ("\tx", 1, 1, 2),  // a tab is one column
            ("\u{FEFF}ab", 4, 1, 2),  // the byte order mark is not a column
            ("\u{FEFF}ab", 3, 1, 1),
            ("\u{FEFF}a\n\u{FEFF}b", 8, 2, 2),  // only at the very start
        ]

        @Test(arguments: positions)
        func placesOffsets(text: String, offset: Int, line: Int, column: Int) {
            let position = Array(text.utf8).withUnsafeBytes { TextPosition.of(offset: offset, in: $0) }
            #expect(position.line == line)
            #expect(position.column == column)
        }

        @Test func clampsOffsetsOutsideTheBuffer() {
            Array("ab\nc".utf8).withUnsafeBytes { bytes in
                #expect(TextPosition.of(offset: 99, in: bytes) == (2, 2))
                #expect(TextPosition.of(offset: -5, in: bytes) == (1, 1))
            }
        }

        @Test func continuesFromAStartingPosition() {
            Array("xy\nz".utf8).withUnsafeBytes { bytes in
                // The first line continues the previous chunk's line and column...
                #expect(TextPosition.of(offset: 1, in: bytes, startingLine: 7, startingColumn: 10) == (7, 11))
                // ...later lines start over at column 1.
                #expect(TextPosition.of(offset: 4, in: bytes, startingLine: 7, startingColumn: 10) == (8, 2))
            }
            // A byte order mark is only hidden at the start of the whole text.
            Array("\u{FEFF}a".utf8).withUnsafeBytes { bytes in
                #expect(TextPosition.of(offset: 3, in: bytes, startingLine: 2, startingColumn: 1) == (2, 2))
            }
        }

        /// Split points for `chunkedText`, including inside `é`, inside `😀` and between `\r` and `\n`.
        static let splits = Array(0...chunkedText.utf8.count)
        static let chunkedText = "{\"é\": 1,\r\n \"😀\": [\n\ttrue,\n\"x\"]\r\n}"

        @Test(arguments: splits)
        func chunkedCountingMatchesWholeText(split: Int) {
            let bytes = Array(Self.chunkedText.utf8)
            for offset in 0...bytes.count {
                let whole = bytes.withUnsafeBytes { TextPosition.of(offset: offset, in: $0) }
                let first = Array(bytes[..<split])
                let second = Array(bytes[split...])
                let chunked: (line: Int, column: Int)
                if offset <= split {
                    chunked = first.withUnsafeBytes { TextPosition.of(offset: offset, in: $0) }
                } else {
                    let end = first.withUnsafeBytes { TextPosition.of(offset: $0.count, in: $0) }
                    chunked = second.withUnsafeBytes {
                        TextPosition.of(offset: offset - split, in: $0, startingLine: end.line, startingColumn: end.column)
                    }
                }
                #expect(chunked == whole, "offset \(offset)")
            }
        }

        static let newlineCounts: [(String, Int)] = [
            ("", 0),
            ("no breaks", 0),
            ("\n", 1),
            ("a\nb\n\n", 3),
            ("a\r\nb\r\n", 2),
            ("a\rb", 0),
            ("\n\n\n\n\n\n\n\n\n\n", 10),
        ]

        @Test(arguments: newlineCounts)
        func countsNewlines(text: String, count: Int) {
            #expect(Array(text.utf8).withUnsafeBytes { TextPosition.countNewlines(in: $0) } == count)
        }

        /// Nothing but newlines, at lengths around the 16-byte steps and the 255-step lanes (a
        /// lane of byte counters would wrap past 255 hits).
        @Test(arguments: [0, 1, 15, 16, 17, 255 * 16 - 1, 255 * 16, 255 * 16 + 1, 100_003])
        func countsABufferOfNewlines(length: Int) {
            let bytes = [UInt8](repeating: UInt8(ascii: "\n"), count: length)
            #expect(bytes.withUnsafeBytes { TextPosition.countNewlines(in: $0) } == length)
            let offset = Array(bytes.dropFirst(min(length, 3)))
            #expect(offset.withUnsafeBytes { TextPosition.countNewlines(in: $0) } == offset.count)
        }

        @Test func countsNewlinesInABigBuffer() {
            // 1 MiB with a newline every 37 bytes, plus one at each end.
            var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            var expected = 0
            for index in stride(from: 0, to: bytes.count, by: 37) {
                bytes[index] = UInt8(ascii: "\n")
                expected += 1
            }
            bytes[bytes.count - 1] = UInt8(ascii: "\n")
            expected += 1
            #expect(bytes.withUnsafeBytes { TextPosition.countNewlines(in: $0) } == expected)
            #expect(bytes.withUnsafeBytes { TextPosition.of(offset: $0.count, in: $0).line } == expected + 1)
        }
    }
}
