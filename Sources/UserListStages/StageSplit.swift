import UserListKit
import UserListDomain

/// `userlist stage map --split INPUT:LINE:POSITION:MAX`: the map stage's input is one split of an
/// input as its raw lines (each line's exact bytes, ending at `\n`), not numbered lines. The
/// split's first line is line LINE of input INPUT (or a mark, ``StageLineMark``) at global
/// position POSITION; the lines after it follow one by one. A driver writing its partition's
/// lines in bulk needs no per-line work (no numbering, no escaping: the pipe carries bytes), and
/// more than MAX lines is exit 65: their positions would run into the next split's.
public struct StageSplit: Sendable, Equatable {
    public let input: Int
    public let line: Int
    public let position: Int
    public let limit: Int
    /// `--input-goes-on`: the input has lines after this split's last (one of Spark's splits of
    /// an hdfs:// file that is not its last): a line cut short there is "cut off", as one run
    /// says. A range knows it itself (its file goes on past END).
    public var inputGoesOn: Bool

    public init(input: Int, line: Int, position: Int, limit: Int, inputGoesOn: Bool = false) {
        self.input = input
        self.line = line
        self.position = position
        self.limit = limit
        self.inputGoesOn = inputGoesOn
    }

    /// `INPUT:LINE:POSITION:MAX`, four numbers (LINE at least 1, MAX at least 1), else nil.
    public init?(argument: String) {
        let numbers = argument.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 4, let input = numbers[0], let line = numbers[1], let position = numbers[2], let limit = numbers[3],
              input >= 0, line >= 1, position >= 0, limit >= 1, position < StagePosition.lineLimit - limit
        else { return nil }
        self.init(input: input, line: line, position: position, limit: limit)
    }
}
