import Testing
@testable import UserListKit
@testable import UserListStages

/// `stage map --buckets N`'s frames: a user line's position after the frame's first is `+K` when
/// it is K lines after the user line before it, and partial reads it back to the same position.
@Suite struct StageBucketsTests {
    /// The frames' lines of one bucket, by the positions written with ``StageBuckets/writePosition(_:in:)``.
    static func framed(_ positions: [Int]) throws -> [[UInt8]] {
        let output = OutputWriter()
        let buckets = StageBuckets(count: 1, output: output)
        for position in positions {
            let writer = buckets.writer(0)
            writer.write("\"id\"\t")
            buckets.writePosition(position, in: 0)
            writer.write("\t-\n")
            buckets.ended(0)
        }
        try buckets.finish()
        return StagedRun.lines(try StagedRun.frames(output.bytes).flatMap { $0.1 })
    }

    @Test func positionsAfterTheFirstAreLinesAfterTheOneBefore() throws {
        let line = 1 << StagePosition.itemBits
        let positions = [5 * line, 9 * line, 9 * line + 2, 12 * line + 2, 12 * line + 3, 400_000 * line + 3, 3 * line]
        let fields = try Self.framed(positions).map { String(decoding: $0, as: UTF8.self).split(separator: "\t")[1] }
        // Relative only K ≥ 1 whole lines later: a later item of the same line, or a position
        // before the last, is written as a number.
        #expect(fields == ["\(5 * line)", "+4", "\(9 * line + 2)", "+3", "\(12 * line + 3)", "+399988", "\(3 * line)"])
        var previous: Int?
        var read: [Int] = []
        for field in fields {
            let position = Array(field.utf8).withUnsafeBytes { bytes in
                StageLine.integer(bytes) ?? previous.flatMap { StagePosition.relative(bytes, after: $0) }
            }
            previous = position
            if let position { read.append(position) }
        }
        #expect(read == positions)
    }

    @Test func relativePositionsOutOfRangeAreNotPositions() {
        for text in ["+0", "+", "+-1", "++1", "+1x", "+\(StagePosition.lineLimit)"] {
            #expect(Array(text.utf8).withUnsafeBytes { StagePosition.relative($0, after: 7 << StagePosition.itemBits) } == nil, "\(text)")
        }
    }

    /// A frame's positions restart: a new frame's first line is a number (frames reach partial in any order).
    @Test func eachFrameStartsWithANumber() throws {
        let output = OutputWriter()
        let buckets = StageBuckets(count: 1, output: output)
        let long = String(repeating: "x", count: StageBuckets.frameBytes)
        for line in 1...3 {
            let writer = buckets.writer(0)
            writer.write("\"\(long)\"\t")
            buckets.writePosition(line << StagePosition.itemBits, in: 0)
            writer.write("\t-\n")
            buckets.ended(0)
        }
        try buckets.finish()
        let frames = try StagedRun.frames(output.bytes)
        #expect(frames.count == 3)
        for (index, frame) in frames.enumerated() {
            let fields = String(decoding: frame.1, as: UTF8.self).split(separator: "\t")
            #expect(fields[1] == "\((index + 1) << StagePosition.itemBits)")
        }
    }
}
