import UserListKit
/// A line number the driver does not know when it hands a line to the map stage: in a job that
/// reads its input once (no counting pass), a split after an input's first knows only its lines'
/// numbers within the split. The driver then writes `base + split × perSplit + n` (`n` from 1,
/// 18 digits), the map stage reads and reports the line under that number, and the merge, which
/// has every split's line count (``StageStatistics/parts``), writes each marked number in its
/// messages as the line's number in its input — one run's words.
enum StageLineMark {
    static let base = 100_000_000_000_000_000
    /// Lines a split may hold (10^11); splits: up to 10^6.
    static let perSplit = 100_000_000_000

    /// The split a marked line number belongs to, or nil for a line number as it is.
    static func split(of line: Int) -> Int? { line >= base ? (line - base) / perSplit : nil }

    /// The inputs' lines counted before each marked split, from the map stage's parts: a split's
    /// lines follow those of every part of its input that starts before it.
    static func bases(_ parts: [StageStatistics.Part]) -> [Int: Int] {
        var bases: [Int: Int] = [:]
        for input in Set(parts.map(\.input)) {
            var before = 0
            for part in parts.filter({ $0.input == input }).sorted(by: { $0.first < $1.first }) {
                if let mark = part.mark { bases[mark] = before }
                before += part.lines
            }
        }
        return bases
    }

    /// A rejects file's line (``RejectsFile``) with its marked line numbers resolved: `line`'s
    /// and those in `reason` (bad JSON's `parser stopped at L:C`), never the record's own text,
    /// which is the input's. The fields before `record` or `text` are ours, and a JSON string
    /// holds no unescaped quote: the first `,"record":` or `,"text":` is where the input's begins.
    static func resolveReject(_ line: String, bases: [Int: Int]) -> String {
        guard !bases.isEmpty else { return line }
        var cut = line.endIndex
        for field in [",\"record\":", ",\"text\":"] {
            if let found = line.range(of: field), found.lowerBound < cut { cut = found.lowerBound }
        }
        return resolve(String(line[..<cut]), bases: bases) + line[cut...]
    }

    /// `text` with every marked line number (a run of exactly 18 digits of a known split) written
    /// as the line's number in its input.
    static func resolve(_ text: String, bases: [Int: Int]) -> String {
        guard !bases.isEmpty, text.utf8.count >= 18 else { return text }
        var result: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        var changed = false
        while index < bytes.count {
            guard bytes[index] &- UInt8(ascii: "0") < 10 else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, bytes[end] &- UInt8(ascii: "0") < 10 { end += 1 }
            if end - index == 18, let value = Int(String(decoding: bytes[index..<end], as: UTF8.self)),
               let split = split(of: value), let before = bases[split] {
                result += Array(String(before + (value - base) % perSplit).utf8)
                changed = true
            } else {
                result += bytes[index..<end]
            }
            index = end
        }
        return changed ? String(decoding: result, as: UTF8.self) : text
    }
}
