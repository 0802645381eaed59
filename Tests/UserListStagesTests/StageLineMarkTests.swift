import Testing
@testable import UserListKit
@testable import UserListStages

@Suite struct StageLineMarkTests {
    private static func marked(split: Int, line: Int) -> Int { StageLineMark.base + split * StageLineMark.perSplit + line }

    @Test func splitsAfterTheFirstCountFromTheLinesBefore() {
        // Input 0 in splits 0 (unmarked, 10 lines), 1 (marked, 5 lines), 2 (marked); input 1 in 3, 4.
        let parts: [StageStatistics.Part] = [
            .init(input: 0, first: 2 << 20, lines: 7, mark: 2),
            .init(input: 1, first: 4 << 20, lines: 3, mark: 4),
            .init(input: 0, first: 0, lines: 10, mark: nil),
            .init(input: 0, first: 1 << 20, lines: 5, mark: 1),
            .init(input: 1, first: 3 << 20, lines: 4, mark: nil),
        ]
        let bases = StageLineMark.bases(parts)
        #expect(bases == [1: 10, 2: 15, 4: 4])
        let text = "a.ndjson:\(Self.marked(split: 2, line: 3)):1: bad (parser stopped at \(Self.marked(split: 2, line: 3)):20)"
        #expect(StageLineMark.resolve(text, bases: bases) == "a.ndjson:18:1: bad (parser stopped at 18:20)")
    }

    @Test func otherNumbersStayAsTheyAre() {
        let bases = [1: 10]
        // 17 and 19 digits, an unknown split, and a number in a word are not marks.
        for text in ["id 12345678901234567 here", "id 1000000000000000000000 x", "\(Self.marked(split: 7, line: 1))", "x\(Self.marked(split: 1, line: 1))9", "plain"] {
            #expect(StageLineMark.resolve(text, bases: bases) == text)
        }
        #expect(StageLineMark.split(of: 41) == nil)
        #expect(StageLineMark.split(of: Self.marked(split: 12, line: 99)) == 12)
    }

    @Test func aPartitionCountedTwiceFailsTheMerge() {
        var statistics = StageStatistics(options: "x")
        statistics.parts = [.init(input: 0, first: 1 << 20, lines: 5, mark: 1), .init(input: 0, first: 1 << 20, lines: 5, mark: 1)]
        #expect(throws: UserlistError.self) { try statistics.resolveLines() }
    }
}
