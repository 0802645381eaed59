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

    /// After every record of `line`, before the next line's: where an input that ends there says
    /// that more pages were announced.
    static func end(ofLine line: Int) -> Int { line << itemBits | itemsPerLine }
}
