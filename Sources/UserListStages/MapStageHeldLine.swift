/// A numbered line of the map stage's input (``MapStage``), held until the next one comes or the
/// input ends, so that its read knows whether input follows it: one run words a line cut short
/// by that. (A split's raw lines come in blocks and need none: ``StageInput/forEachBlock(_:)``
/// says whether input follows a block.)
struct MapStageHeldLine {
    /// The line's bytes, without its break (an escaped line decoded).
    private(set) var bytes: [UInt8] = []
    private(set) var input = 0
    private(set) var line = 0
    private(set) var global = 0

    /// Holds `text`, line `line` of input `input` at global position `global`, in place of the last.
    mutating func hold(_ text: UnsafeRawBufferPointer, input: Int, line: Int, global: Int) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: text)
        (self.input, self.line, self.global) = (input, line, global)
    }
}
