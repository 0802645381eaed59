import UserListKit
import UserListInput
import UserListRendering

/// `userlist stage map --buckets N`: the map stage's lines set apart by where the shuffle takes
/// them, so that a driver moves a few large blocks instead of a line (a pickled pair) per user.
/// A user's line goes to bucket `FNV-1a(id's UTF-8) mod N` — every map process puts one id in
/// one bucket — the partition's counts to bucket 0, and (with `--rejects`/`--max-rejects`) the
/// reject lines to bucket N. The output is frames, `BUCKET<TAB>LENGTH\n` then LENGTH bytes of
/// whole lines; a bucket is written out when it holds 1 MiB, and the rest at the end. Within a
/// frame a user line's position is `+K` when it is K lines after the frame's user line before it
/// (``StagePosition/relative(_:after:)``), its number otherwise: a frame is whole wherever the
/// shuffle takes it, so the first is a number. The shuffle does not deduplicate: `stage partial
/// --dedupe` keeps each id's smallest position.
///
/// `--compress-frames`: a users' bucket's frame is one zstd frame of those lines (level 1), so that
/// the Python workers, the JVM and the shuffle files carry ~7× fewer bytes (a page's shadow lines,
/// 4.6 MB → 0.66 MB a 313k-user split); a partition's frames one after another are one zstd
/// stream, which `stage partial` tells by its first bytes (``StageInput``). The reject lines stay
/// plain: the driver sorts them itself.
final class StageBuckets {
    let count: Int
    private let output: OutputWriter
    private let compressor: ZstdFrameWriter?
    /// Unchecked: touched for every user line; a dynamic exclusivity check on each access was
    /// ~2% of a page's map stage, guarding arrays nothing else can reach.
    @exclusivity(unchecked) private var buckets: [OutputWriter]
    /// The position of each bucket's last user line in its frame (-1: none yet).
    @exclusivity(unchecked) private var lastPosition: [Int]
    static let frameBytes = 1 << 20

    init(count: Int, output: OutputWriter, compressed: Bool = false) {
        self.count = count
        self.output = output
        compressor = compressed ? ZstdFrameWriter() : nil
        buckets = (0...count).map { _ in OutputWriter() }
        lastPosition = Array(repeating: -1, count: count + 1)
    }

    /// A user line's position in bucket `index`: `+K` after the frame's user line K lines before it.
    func writePosition(_ position: Int, in index: Int) {
        let writer = buckets[index]
        let last = lastPosition[index]
        lastPosition[index] = position
        let step = position &- last
        if last >= 0, step > 0, step & StagePosition.itemsPerLine == 0 {
            writer.write(byte: UInt8(ascii: "+"))
            writer.write(int: step >> StagePosition.itemBits)
        } else {
            writer.write(int: position)
        }
    }

    /// The bucket of a user's id.
    func bucket(of id: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }

    /// Where a line of bucket `index` is written; call ``ended(_:)`` once the line is whole.
    func writer(_ index: Int) -> OutputWriter { buckets[index] }

    /// The reject lines' writer.
    var rejects: OutputWriter { buckets[count] }

    /// After a whole line went to bucket `index`: a full bucket goes out as a frame.
    func ended(_ index: Int) {
        if buckets[index].writtenCount >= Self.frameBytes { emit(index) }
    }

    /// Every bucket that holds anything, as frames.
    func finish() throws(UserlistError) {
        for index in buckets.indices where buckets[index].writtenCount > 0 { emit(index) }
        try output.flush()
    }

    private func emit(_ index: Int) {
        var bytes = buckets[index].bytes
        if let compressor, index < count { bytes = bytes.withUnsafeBytes { compressor.wholeFrame(of: $0) } }
        output.write(int: index)
        output.write(byte: UInt8(ascii: "\t"))
        output.write(int: bytes.count)
        output.write(byte: UInt8(ascii: "\n"))
        bytes.withUnsafeBytes { output.write($0) }
        buckets[index] = OutputWriter()
        lastPosition[index] = -1
    }
}
