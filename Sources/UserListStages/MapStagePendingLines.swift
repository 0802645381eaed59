import UserListDomain

/// A split's lines gathered for one parse (``MapStage``): their bytes, each line with its line
/// break, where each starts, and the first one's line and position. The lines are consecutive
/// lines of one input: a line that isn't (another input) is refused, to be read after these.
/// Every line waits here until the next one comes (or the input ends), so that its read knows
/// whether input follows it: one run words a line cut short by that.
struct MapStagePendingLines {
    /// Enough lines that a parse's set-up is nothing beside them, few enough that the bytes stay
    /// in cache: 1 MiB or 4,096 lines, whichever comes first. On 1M international users (414 MB,
    /// one range, `--buckets 4`) the map stage went from 15.8 s a line at a time to 3.6 s.
    static let byteLimit = 1 << 20
    static let lineLimit = 4_096

    private(set) var bytes: [UInt8] = []
    /// Where each line starts in ``bytes``.
    private(set) var starts: [Int] = []
    private(set) var input: Int?
    private(set) var firstLine = 0
    private(set) var firstGlobal = 0
    /// Whether the lines may be read in one parse: false once a line must be read on its own
    /// (`--jq`, an escaped line, a byte-order mark after line 1, numbered lines).
    private(set) var bulk = true

    var isFull: Bool { bytes.count >= Self.byteLimit || starts.count >= Self.lineLimit }

    /// Whether line `line` of input `input`, at global position `global`, follows these lines
    /// (or there are none): if not, read these first.
    func accepts(input: Int, line: Int, global: Int) -> Bool {
        guard let current = self.input else { return true }
        return current == input && line == firstLine + starts.count && global == firstGlobal + starts.count
    }

    /// Adds `text` (a line without its break), which ``accepts(input:line:global:)``.
    mutating func append(_ text: UnsafeRawBufferPointer, input: Int, line: Int, global: Int, bulk: Bool) {
        self.bulk = self.bulk && bulk
        if self.input == nil {
            (self.input, firstLine, firstGlobal) = (input, line, global)
            bytes.reserveCapacity(Self.byteLimit + (1 << 16))
        }
        starts.append(bytes.count)
        bytes.append(contentsOf: text)
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        input = nil
        bulk = true
    }

    /// Each line (without its break), with its line number, global position, and whether it is the last.
    func forEachLine(_ body: (UnsafeRawBufferPointer, Int, Int, Bool) throws(UserlistError) -> Void) throws(UserlistError) {
        for (k, start) in starts.enumerated() {
            let end = (k + 1 < starts.count ? starts[k + 1] : bytes.count) - 1
            try bytes.withUnsafeBytes { all in
                Result { () throws(UserlistError) in try body(UnsafeRawBufferPointer(rebasing: all[start..<end]), firstLine + k, firstGlobal + k, k + 1 == starts.count) }
            }.get()
        }
    }
}
