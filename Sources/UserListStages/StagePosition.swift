import UserListKit
/// A record's position in a distributed run, as one `Int` that sorts in input order: its line's
/// global position (0-based, every input's lines in order: what Spark's `zipWithIndex` gives the
/// inputs' lines one after another), then its index among the records of that line (a line may
/// hold an array or an envelope of users).
enum StagePosition {
    static let itemBits = 20
    /// Records one line may hold; the last index is kept for the end of the line.
    static let itemsPerLine = (1 << itemBits) - 1
    /// Lines that fit: 2^43, 8.8 trillion.
    static let lineLimit = 1 << (63 - itemBits)

    static func of(line: Int, item: Int) -> Int { line << itemBits | item }

    /// `+K` after a position `previous`: K lines later, the same index — how a user line of a
    /// bucket's frame gives its position after the frame's first (``StageBuckets``). A page's
    /// shadow line went from ~26 bytes to ~15 (its 13-digit position to `+4`), and the shuffle
    /// moves every one of them.
    static func relative(_ field: UnsafeRawBufferPointer, after previous: Int) -> Int? {
        guard field.first == UInt8(ascii: "+"), let lines = StageLine.integer(UnsafeRawBufferPointer(rebasing: field.dropFirst())),
              lines >= 1, lines < lineLimit - (previous >> itemBits) else { return nil }
        return previous + lines << itemBits
    }

    /// After every record of `line`, before the next line's: where an input that ends there says
    /// that more pages were announced.
    static func end(ofLine line: Int) -> Int { line << itemBits | itemsPerLine }
}
