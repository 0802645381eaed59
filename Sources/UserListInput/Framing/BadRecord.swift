import UserListDomain
@_spi(Pipeline) import UserListJSON

/// A stretch of input that is not a good record: where it starts and ends, and what is wrong
/// with it, bounded by the input's ``InputLayout`` rather than by where the parser gave up.
///
/// The parser reads a broken document on into whatever follows: a line cut after `"email": `
/// takes the next line's object as its value and fails a line or two later, inside good users.
/// So the record is found from where its document starts, and its error is diagnosed on its own
/// text: `export.ndjson:102:1: record cut off at the end of its line: unclosed object`.
package struct BadRecord {
    /// Line-delimited input: how long a document that runs past its line may stay open before it
    /// is taken as broken (a line `[1, 2,` before good lines would be read on to the end of the
    /// input). Fixed, not the chunk size, so the answer does not depend on how input is cut.
    package static let longestOpenRecord = 1 << 20

    /// Where its text starts (an offset in the region it was found in).
    package let start: Int
    /// Where its text ends, after its last line break; nil when it goes on past the region.
    package let end: Int?
    /// The error to report: a line's own (line-delimited), else the one the stream's parse found.
    package let error: JSONSyntaxError

    /// The record around `found`, a syntax error of `region` and the start of the document it
    /// breaks; nothing before `lowerBound` belongs to it. `followedByInput`: the input goes on
    /// after the region even when `atEnd` (a line the Spark map stage reads on its own, from a
    /// file whose later lines another read takes): a line cut short there is "cut off".
    ///
    /// `separators`: the region holds one array's elements, their commas at these offsets (in
    /// order; blanked by the reader): the record is the bad element alone, from its start to its
    /// comma. A minified array is one line, and by lines its bad element took every element after
    /// it in the region with it (75,000 users of a 4 MiB region into one reject).
    package init(around found: (documentStart: Int, error: JSONSyntaxError), in region: UnsafeRawBufferPointer, from lowerBound: Int, layout: InputLayout, atEnd: Bool, followedByInput: Bool = false, separators: [Int]? = nil) {
        let documentStart = min(max(found.documentStart, lowerBound), region.count)
        if let separators {
            start = documentStart
            end = separators.first { $0 >= documentStart } ?? (atEnd ? region.count : nil)
            error = found.error
            return
        }
        let lineStart = Self.lastLineBreak(in: region, lowerBound..<documentStart).map { $0 + 1 } ?? lowerBound
        switch layout {
        case .lines:
            // The whole line: good documents before the bad one on it go with it, as a line is a record.
            start = lineStart
            end = Self.lineEnd(from: documentStart, in: region, atEnd: atEnd)
        case .pretty:
            // From the bad document, or from its line's start when whole documents begin that
            // line before it (`{…}}`, `{…}{"id": 7,`): a line is not split into users and a reject.
            var first = lineStart
            while first < documentStart, region[first].isJSONWhitespace { first += 1 }
            if first < documentStart, case .whole(let end) = JSONSyntaxDiagnoser.firstDocument(in: region, from: first), end <= documentStart {
                start = lineStart
            } else {
                start = documentStart
            }
            end = Self.nextDocumentLine(after: documentStart, indentation: documentStart - lineStart, in: region, atEnd: atEnd)
        }
        // Line-delimited, the line is the record, so its own error is the one to give ("record cut
        // off at the end of its line", not the next line's complaint). Pretty-printed, where the
        // record ends is a guess (an array's last element looks like a document of its own), so
        // the error stays where the parser found it.
        let reachesEnd = atEnd && !followedByInput && (end ?? region.count) == region.count
        error = layout == .lines ? Self.ownError(of: start..<(end ?? region.count), in: region, reachesEnd: reachesEnd) ?? found.error : found.error
    }

    /// Just after the line break that ends the line holding `offset`.
    private static func lineEnd(from offset: Int, in region: UnsafeRawBufferPointer, atEnd: Bool) -> Int? {
        if let newline = firstLineBreak(in: region, from: offset) { return newline + 1 }
        return atEnd ? region.count : nil
    }

    /// A line ends at `\n`, or at a `\r` that no `\n` follows: a file saved with classic Mac
    /// line ends is lines too, and a bad record among them is its line, not every user after it
    /// (one `\r`-only file of 3 users and a cut one lost the user after it to the reject).
    /// Line numbers in messages count `\n` only, as the Spark stages' lines do.
    private static func isLineBreak(_ index: Int, in region: UnsafeRawBufferPointer) -> Bool {
        let byte = region[index]
        if byte == UInt8(ascii: "\n") { return true }
        return byte == UInt8(ascii: "\r") && (index + 1 == region.count || region[index + 1] != UInt8(ascii: "\n"))
    }

    private static func firstLineBreak(in region: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        var index = offset
        while index < region.count {
            // memchr-fast for `\n`; a lone `\r` is rare, so it is looked for only before that `\n`.
            let newline = region[index...].firstIndex(of: UInt8(ascii: "\n")) ?? region.count
            if let cr = region[index..<newline].firstIndex(of: UInt8(ascii: "\r")), isLineBreak(cr, in: region) { return cr }
            if newline < region.count { return newline }
            index = newline
        }
        return nil
    }

    private static func lastLineBreak(in region: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        let newline = region[range].lastIndex(of: UInt8(ascii: "\n"))
        let after = newline.map { $0 + 1 } ?? range.lowerBound
        if let cr = region[after..<range.upperBound].lastIndex(where: { $0 == UInt8(ascii: "\r") }), isLineBreak(cr, in: region) { return cr }
        return newline
    }

    /// The start of the first line after `documentStart`'s that can start a document of its own:
    /// its first byte (after no more indentation than the bad document's) opens an object or an
    /// array, and that value is whole and valid and ends its line. Lines that can't (`  "id": 7,`,
    /// `}`, an array's `{"id": 1},`) belong to the bad record.
    private static func nextDocumentLine(after documentStart: Int, indentation: Int, in region: UnsafeRawBufferPointer, atEnd: Bool) -> Int? {
        var newline = firstLineBreak(in: region, from: documentStart)
        while let found = newline {
            let next = found + 1
            guard next < region.count else { break }
            newline = firstLineBreak(in: region, from: next)
            var first = next
            while first < region.count, region[first] == UInt8(ascii: " ") || region[first] == UInt8(ascii: "\t") || region[first] == UInt8(ascii: "\r") { first += 1 }
            guard first < region.count, first - next <= indentation, region[first] == UInt8(ascii: "{") || region[first] == UInt8(ascii: "[") else { continue }
            switch JSONSyntaxDiagnoser.firstDocument(in: region, from: first) {
            case .whole(let end):
                let lineEnd = firstLineBreak(in: region, from: end) ?? region.count
                if region[end..<lineEnd].allSatisfy(\.isJSONWhitespace) { return next }
            case .cutOff:
                if !atEnd { return nil }  // can't tell yet
            case .broken:
                break
            }
        }
        return atEnd ? region.count : nil
    }

    /// The first error in the line `range` read alone (its white space at the end left out), in
    /// region offsets. A line that ends early is "cut off", not "unexpected end of input", unless
    /// the input itself ends there.
    private static func ownError(of range: Range<Int>, in region: UnsafeRawBufferPointer, reachesEnd: Bool) -> JSONSyntaxError? {
        var contentEnd = range.upperBound
        while contentEnd > range.lowerBound, region[contentEnd - 1].isJSONWhitespace { contentEnd -= 1 }
        let text = UnsafeRawBufferPointer(rebasing: region[range.lowerBound..<contentEnd])
        guard let found = JSONSyntaxDiagnoser.firstBadDocument(in: text) else { return nil }
        var error = found.error.shifted(by: range.lowerBound)
        let endOfInput = "unexpected end of input"
        if found.error.offset >= text.count, !reachesEnd, error.message.hasPrefix(endOfInput) {
            error.message = "record cut off at the end of its line" + error.message.dropFirst(endOfInput.count)
        }
        return error
    }
}
