@_spi(Pipeline) import UserListJSON
/// The outline of one document too big for a chunk: its bytes with every array cut to its first
/// ``keptElements`` elements, and where each array it kept lies in the input.
///
/// Payload detection reads the outline (it never looks past an array's third element), and the
/// array it names as the users is then read element by element from the input itself, so an
/// envelope (`{"users": [...], "total": …}`) costs memory for its outline, not its users. The
/// scan follows strings and nesting only; simdjson checks the outline and, later, every element.
package struct DocumentOutline {
    /// Elements kept of each array: more than detection samples, few enough to stay small.
    package static let keptElements = 8
    /// An outline bigger than this is no outline (a document of huge strings): read it whole.
    package static let maximumSize = 64 << 20

    /// One array of the outline, in the order their `[`s appear in it.
    package struct ArrayExtent: Equatable {
        /// Input offsets of its `[` and just after its `]` (0 until it closes).
        package let start: Int
        package var end = 0
        /// Its `[`'s line, and the input offset where that line starts.
        package let line: Int
        package let lineStart: Int
        /// Elements past ``keptElements`` were cut from the outline.
        package var cut = false
    }

    package enum Step: Equatable {
        /// The document closed; the offset (in the bytes just scanned) after it.
        case closed(Int)
        case needMore
        /// Not JSON the outline can follow (a raw control character in a string, a stray
        /// bracket), or too big an outline: the document is read whole instead, which reports it.
        case unusable
    }

    package private(set) var text: [UInt8] = []
    package private(set) var arrays: [ArrayExtent] = []
    /// Input offset of the next byte to scan.
    package private(set) var scanned = 0
    private var strings = JSONStringCursor()
    /// Open containers: an array's index in ``arrays`` and commas seen so far, or -1 for an object.
    private var open: [(array: Int, commas: Int)] = []
    /// While an array's elements past the kept ones are skipped: nesting inside them.
    private var skipping: Int?
    private var newlines = 0
    private var lineStart = 0

    package init() {}

    /// Scans the document's next bytes (the first call starts at its first byte).
    package mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Step {
        var keepFrom = 0
        var i = 0
        let n = bytes.count
        defer { scanned += min(i, n) }
        while i < n {
            if strings.inString {
                if strings.skip(bytes, &i) { return .unusable }  // a raw control character
                continue
            }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                strings.open()
            case UInt8(ascii: "\n"):
                newlines += 1
                lineStart = scanned + i + 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if let depth = skipping {
                    skipping = depth + 1
                } else if b == UInt8(ascii: "[") {
                    arrays.append(ArrayExtent(start: scanned + i, line: newlines + 1, lineStart: lineStart))
                    open.append((arrays.count - 1, 0))
                } else {
                    open.append((-1, 0))
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let depth = skipping {
                    if depth > 0 {
                        skipping = depth - 1
                        break
                    }
                    // The array being cut closes: the outline goes on from its `]`.
                    skipping = nil
                    keepFrom = i
                }
                guard let closed = open.popLast(), (closed.array >= 0) == (b == UInt8(ascii: "]")) else { return .unusable }
                if closed.array >= 0 { arrays[closed.array].end = scanned + i + 1 }
                if open.isEmpty {
                    text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[keepFrom...i]))
                    i += 1
                    return .closed(i)
                }
            case UInt8(ascii: ","):
                guard skipping == nil, let last = open.indices.last, open[last].array >= 0 else { break }
                open[last].commas += 1
                if open[last].commas == Self.keptElements {
                    text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[keepFrom..<i]))
                    arrays[open[last].array].cut = true
                    skipping = 0
                }
            default:
                break
            }
            i += 1
        }
        if skipping == nil { text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[keepFrom...])) }
        return text.count > Self.maximumSize ? .unusable : .needMore
    }
}
