import Testing

/// A query the stage tests ask both ways: a `userlist` command line without `userlist` and
/// without a format, and the seed its random partitionings are drawn from.
struct StageQuery: CustomTestStringConvertible, Sendable {
    var words: [String]
    var seed: UInt64
    var testDescription: String { words.map { $0.replacingOccurrences(of: StageCases.folder.path + "/", with: "") }.joined(separator: " ") }

    /// Each command line with its own seed, counting from `seed`: a suite's seeds apart from another's.
    static func numbered(_ lines: [[String]], from seed: UInt64) -> [StageQuery] {
        lines.enumerated().map { StageQuery(words: $1, seed: seed + UInt64($0)) }
    }
}
