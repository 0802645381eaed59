import UserListKit
import Foundation
import UserListService

/// What the stages of a distributed run counted, carried from map through partial to merge as
/// one JSON line per partition and summed there into a single run's counts and warnings.
///
/// Counts add up across partitions; the warnings a single run prints one by one are kept by
/// position, only as many as it prints (the first ``LoadMessages/warningLimit`` skipped
/// records); an input's end is the latest line of it any partition saw; the error is the one a
/// single run stops at (see ``StageError``).
struct StageStatistics: Codable, Sendable {
    /// A fingerprint of the options that shape the answer: every stage must have the same.
    var options: String
    /// Input lines the map stage read, and their bytes (each with its line break).
    var lines = 0
    var bytes = 0
    /// Records of every kind: users + rejected + duplicates + excluded, as in a single run.
    var records = 0
    /// Records that became users, before dedupe (map).
    var users = 0
    /// Users left after dedupe (partial): `users - distinct` were duplicates.
    var distinct = 0
    var rejected = 0
    var excluded: [String: Int] = [:]
    /// Users that passed `--where` and `--search` (partial).
    var matched = 0
    /// The first skipped records' warnings, by position.
    var warnings: [Warning] = []
    /// For each input, the last line that held a document, and what it said of more pages.
    var ends: [InputEnd] = []
    /// For each input, its first line's global position: where a streamed run's rows stop when
    /// it fails in that input.
    var starts: [InputStart] = []
    /// The errors met (``StageErrors``): a single run's is ``error``.
    var errors = StageErrors()
    /// What each map process read of each input: where it starts (its first line's global
    /// position), how many lines, and the split's mark when the driver could not number its lines
    /// (``StageLineMark``). Absent in the counts of older stages.
    var parts: [Part]?
    /// A page's matches the map stages held back (``MapStageBest``); absent when none did.
    var heldBack: HeldBack?

    /// Each map stage sends a page's `page × page size` best matches whole (`*` lines) and the
    /// rest of its matches as `~`: the page is exact when every one of those best is its id's
    /// first occurrence (`kept == sent`), or when the page's last user sorts before every map's
    /// last best (`bound`) — else a held-back match could be on it (``MergeStage``).
    struct HeldBack: Codable, Sendable {
        /// The best the map stages sent whole (map), and how many of them dedupe kept (partial).
        var sent = 0
        var kept = 0
        /// The sort key (``CompactSortKey``'s text) of the last of a map's best, where that map
        /// held matches back: the smallest over the partitions.
        var bound: String?

        mutating func merge(_ other: HeldBack) {
            sent += other.sent
            kept += other.kept
            if let theirs = other.bound, bound.map({ Array(theirs.utf8).lexicographicallyPrecedes(Array($0.utf8)) }) ?? true {
                bound = theirs
            }
        }
    }

    struct Part: Codable, Sendable {
        var input: Int
        var first: Int
        var lines: Int
        var mark: Int?
    }

    struct Warning: Codable, Sendable {
        var position: Int
        var input: Int
        var text: String
    }

    struct InputStart: Codable, Sendable {
        var input: Int
        var line: Int
    }

    struct InputEnd: Codable, Sendable {
        var input: Int
        var position: Int
        /// `<input>: more pages …, but the input ends here …`, when that line's document said so.
        var note: String?
    }

    init(options: String) { self.options = options }

    /// The error a single run stops at (``StageErrors/chosen``).
    var error: StageError? { errors.chosen }

    /// Where input `input` starts among all lines (as a position), nil when no line of it was read.
    func start(of input: Int) -> Int? {
        starts.filter { $0.input >= input }.map { StagePosition.of(line: $0.line, item: 0) }.min()
    }

    /// Adds `other`'s counts (another partition's), keeping what a single run would print.
    mutating func merge(_ other: StageStatistics) {
        lines += other.lines
        bytes += other.bytes
        records += other.records
        users += other.users
        distinct += other.distinct
        rejected += other.rejected
        matched += other.matched
        excluded.merge(other.excluded, uniquingKeysWith: +)
        warnings = Self.first(warnings + other.warnings)
        var latest: [Int: InputEnd] = [:]
        for end in ends + other.ends where end.position >= latest[end.input]?.position ?? -1 { latest[end.input] = end }
        ends = latest.values.sorted { $0.input < $1.input }
        var earliest: [Int: Int] = [:]
        for start in starts + other.starts { earliest[start.input] = min(start.line, earliest[start.input] ?? .max) }
        starts = earliest.map { InputStart(input: $0.key, line: $0.value) }.sorted { $0.input < $1.input }
        errors.merge(other.errors)
        if parts != nil || other.parts != nil { parts = (parts ?? []) + (other.parts ?? []) }
        if let theirs = other.heldBack {
            var held = heldBack ?? HeldBack()
            held.merge(theirs)
            heldBack = held
        }
    }

    /// The warnings' and the error's marked line numbers (``StageLineMark``) as the lines'
    /// numbers in their inputs; exit 65 when two map processes say they read the same lines.
    mutating func resolveLines() throws(UserlistError) {
        guard let parts, parts.contains(where: { $0.mark != nil }) else { return }
        var seen = Set<[Int]>()
        for part in parts where !seen.insert([part.input, part.first]).inserted {
            throw UserlistError(.data, Diagnostic(.stage, scope: "stage merge", "two map partitions read the lines of input \(part.input) from position \(part.first): a partition was counted twice"))
        }
        let bases = StageLineMark.bases(parts)
        for index in warnings.indices { warnings[index].text = StageLineMark.resolve(warnings[index].text, bases: bases) }
        errors.updateMessages { StageLineMark.resolve($0, bases: bases) }
        self.parts = parts.map { Part(input: $0.input, first: $0.first, lines: $0.lines, mark: nil) }
    }

    /// The skipped records a single run warns about: the first few by position.
    static func first(_ warnings: [Warning]) -> [Warning] {
        Array(warnings.sorted { $0.position < $1.position }.prefix(LoadMessages.warningLimit))
    }

    /// The single run's report: `duplicates` are the users dedupe dropped.
    var report: LoadReport {
        var report = LoadReport(recordsRead: records, usersLoaded: distinct, skipped: rejected, duplicates: users - distinct)
        report.excluded = excluded
        return report
    }

    // MARK: One JSON line

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain counts and strings can't fail.
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    init?(json: UnsafeRawBufferPointer) {
        guard let decoded = try? JSONDecoder().decode(StageStatistics.self, from: Data(json)) else { return nil }
        self = decoded
    }
}
