import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Finds the elements of one top-level JSON array as its bytes stream past, so an array bigger
/// than a chunk is read element by element (in parallel, in bounded memory) instead of whole.
///
/// It tracks strings and nesting only: the elements themselves are checked by simdjson. The
/// array's own punctuation is checked here — a missing or doubled comma, a trailing comma — and
/// anything it does not expect ends the streaming (``Step/unexpected``), so the caller can read
/// the document whole and report the error exactly as it always has.
package struct ArrayElementScanner {
    /// What scanning a stretch of bytes came to.
    package enum Step: Equatable {
        /// More bytes are needed; `cut` is the end of the last complete element so far (0: none yet).
        case needMore
        /// The array closed at `end` (the offset just after its `]`).
        case closed(end: Int)
        /// Something the scanner does not handle, or not JSON: read the document whole instead.
        case unexpected
    }

    /// Offsets of the array's own punctuation (the `[`, commas between elements, the `]`), which
    /// become spaces so the elements parse as a stream of documents at their own byte offsets.
    package private(set) var separators: [Int] = []
    /// Offset just after the last comma between elements (or the `[`), where the next region may start.
    package private(set) var cut = 0
    /// Offset of the byte that made the scan return ``Step/unexpected``.
    package private(set) var stoppedAt = 0
    /// Elements completed so far, in all.
    package private(set) var elementCount = 0
    private var depth = 0
    private var strings = JSONStringCursor()
    /// Inside the array at depth 1: an element has started and not ended.
    private var inElement = false
    /// At depth 1: the next thing must be a comma or `]` (an element just ended).
    private var afterElement = false
    /// At depth 1: a comma was seen, so an element must follow.
    private var afterComma = false
    private var elementsInCut = 0

    package init() {}

    /// Scans `bytes[from...]`, which continue where the last scan stopped (the caller re-bases
    /// offsets with ``rebase(droppingFirst:)`` when it drops consumed bytes).
    package mutating func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Step {
        var i = start
        let n = bytes.count
        defer { stoppedAt = i }
        while i < n {
            if strings.inString {
                // Control characters are simdjson's to report, with the element.
                if strings.skip(bytes, &i) { i += 1 }
                continue
            }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                if depth == 1, inElement { endElement(at: i) }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 0 {
                    guard b == UInt8(ascii: "["), separators.isEmpty else { return .unexpected }
                    separators.append(i)
                    cut = i + 1
                } else if depth == 1 {
                    guard startElement() else { return .unexpected }
                }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 1 {
                    guard b == UInt8(ascii: "]"), !afterComma else { return .unexpected }
                    if inElement { endElement(at: i) }
                    separators.append(i)
                    depth = 0
                    cut = i + 1
                    elementsInCut = elementCount
                    return .closed(end: i + 1)
                }
                guard depth > 1 else { return .unexpected }
                depth -= 1
                if depth == 1 { endElement(at: i + 1) }
            case UInt8(ascii: ","):
                if depth == 1 {
                    if inElement { endElement(at: i) }
                    guard afterElement else { return .unexpected }
                    afterElement = false
                    afterComma = true
                    separators.append(i)
                    cut = i + 1
                    elementsInCut = elementCount
                }
            case UInt8(ascii: "\""):
                if depth == 1 { guard startElement() else { return .unexpected } }
                strings.open()
            default:
                if depth == 0 { return .unexpected }
                if depth == 1, !inElement { guard startElement() else { return .unexpected } }
            }
            i += 1
        }
        return .needMore
    }

    /// Elements complete before ``cut`` (so handed on with the region that ends there).
    package var elementsBeforeCut: Int { elementsInCut }

    /// The bytes before `offset` were handed on: offsets from now on count from there.
    package mutating func rebase(droppingFirst offset: Int) {
        separators.removeAll(keepingCapacity: true)
        cut -= offset
    }

    private mutating func startElement() -> Bool {
        guard !afterElement else { return false }  // two elements without a comma
        inElement = true
        afterComma = false
        return true
    }

    private mutating func endElement(at offset: Int) {
        guard inElement || depth > 1 else { return }
        inElement = false
        afterElement = true
        elementCount += 1
    }
}
