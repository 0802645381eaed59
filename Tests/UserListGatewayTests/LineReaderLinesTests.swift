import Testing
@testable import UserListGateway
import UserListDomain

/// ``LineReader/read(lines:input:firstLine:newlines:followedByInput:)``: each record's line, when
/// the caller gives the region's line breaks (one document a line is then never counted again)
/// and when it doesn't.
@Suite struct LineReaderLinesTests {
    /// Each record's line, read with and without the region's line breaks given.
    private func lines(_ text: String, firstLine: Int = 5) throws -> (given: [Int], counted: [Int]) {
        let bytes = Array(text.utf8)
        let newlines = bytes.filter { $0 == UInt8(ascii: "\n") }.count
        var reader = LineReader(fields: .all)
        return try bytes.withUnsafeBytes { region in
            let given = try #require(try reader.read(lines: region, input: "t", firstLine: firstLine, newlines: newlines))
            let counted = try #require(try reader.read(lines: region, input: "t", firstLine: firstLine))
            return (given.lines, counted.lines)
        }
    }

    @Test(arguments: [
        // One document a line, LF and CRLF: the fast path.
        ("{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n", [5, 6, 7]),
        ("{\"id\":1}\r\n{\"id\":2}\r\n", [5, 6]),
        // Blank lines, two documents on a line, leading spaces (a document over two lines is an
        // error here: each line holds whole documents).
        ("{\"id\":1}\n\n{\"id\":2}\n", [5, 7]),
        ("{\"id\":1} {\"id\":2}\n{\"id\":3}\n", [5, 5, 6]),
        ("{\"id\":1}\n{\"id\":2}\n\n", [5, 6]),
        ("\n{\"id\":1}\n{\"id\":2}\n", [6, 7]),
        ("  {\"id\":1}\n  {\"id\":2}\n", [5, 6]),
        // An array of users: every record of a document on its line.
        ("[{\"id\":1},{\"id\":2}]\n{\"id\":3}\n", [5, 5, 6]),
    ])
    func recordsKeepTheirLines(text: String, expected: [Int]) throws {
        let (given, counted) = try lines(text)
        #expect(given == expected, "with the line breaks given")
        #expect(counted == expected, "counted")
    }

    /// The rule itself: as many documents as line breaks, each after the first right after one,
    /// and a region ending in one.
    @Test func documentsOneALine() {
        let text = Array("{}\n{}\n{}\n".utf8)
        text.withUnsafeBytes { region in
            #expect(LineReader.documentLines([0, 3, 6], in: region, newlines: 3) == [0, 1, 2])
            #expect(LineReader.documentLines([0, 3, 6], in: region, newlines: nil) == [0, 1, 2])
        }
        let twoOnOne = Array("{}{}\n\n".utf8)
        twoOnOne.withUnsafeBytes { region in
            #expect(LineReader.documentLines([0, 2], in: region, newlines: 2) == [0, 0])
        }
        // A line break inside the first document: as many documents as line breaks, but the
        // second is not right after one.
        let overTwo = Array("{\n}{}\n".utf8)
        overTwo.withUnsafeBytes { region in
            #expect(LineReader.documentLines([0, 3], in: region, newlines: 2) == [0, 1])
        }
    }
}
