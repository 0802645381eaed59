import UserListKit

/// `userlist stage map --range PATH:START:END`: the map stage reads its split from the file
/// itself instead of from standard input — the lines of PATH that begin in bytes START..<END (a
/// line belongs to the range holding its first byte, and is read whole even when it runs past
/// END; END left out: to the file's end). A driver then cuts each file into byte ranges without
/// reading it, and no line passes through the driver's hands (issue 24: ~1.6 s of Spark's and
/// Python's per-line work per 26 MB split, for ~0.25 s of the stage's own).
///
/// A compressed file (gzip, zstd, xz, lzma, bzip2, told by its first bytes as one run tells
/// it) can't be cut: it is read whole, decompressed, and its range must be `0:` (or 0 to its
/// size at least). PATH is the last field but two: it may hold `:` itself.
public struct StageRange: Sendable, Equatable {
    public let path: String
    public let start: Int
    /// Nil: to the file's end.
    public let end: Int?

    public init(path: String, start: Int, end: Int?) {
        self.path = path
        self.start = start
        self.end = end
    }

    /// `PATH:START:END` or `PATH:START:` (START and END byte offsets, END at least START), else nil.
    public init?(argument: String) {
        let fields = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count >= 3 else { return nil }
        let path = fields.dropLast(2).joined(separator: ":")
        guard !path.isEmpty, let start = Int(fields[fields.count - 2]), start >= 0 else { return nil }
        let endField = fields[fields.count - 1]
        var end: Int?
        if !endField.isEmpty {
            guard let value = Int(endField), value >= start else { return nil }
            end = value
        }
        self.init(path: path, start: start, end: end)
    }
}
