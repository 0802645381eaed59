@_spi(Pipeline) import UserListDomain
/// What loading came to: how many records were read, kept, skipped or dropped as duplicates.
public struct LoadReport: Hashable, Sendable {
    public var recordsRead = 0
    public var usersLoaded = 0
    /// Records that could not become users (warned about, or fatal with `--strict`).
    public var skipped = 0
    /// Later records with an id seen before (the first one wins).
    public var duplicates = 0
    /// Records the API marks as not people (bots, deleted accounts), by what they are.
    public var excluded: [String: Int] = [:]

    public init(recordsRead: Int = 0, usersLoaded: Int = 0, skipped: Int = 0, duplicates: Int = 0) {
        self.recordsRead = recordsRead
        self.usersLoaded = usersLoaded
        self.skipped = skipped
        self.duplicates = duplicates
    }
}

extension LoadReport {
    /// The left-out records in words, `2 bots, 1 deleted account` (nil when there are none).
    public var excludedSummary: (total: Int, reasons: String)? {
        guard !excluded.isEmpty else { return nil }
        let reasons = excluded.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\($0.value == 1 ? "" : "s")" }
        return (excluded.values.reduce(0, +), reasons.joined(separator: ", "))
    }
}
