import UserListKit

/// `stage partial --dedupe`: a partition's user lines held until its end, keeping each id's line
/// of smallest position (the first occurrence, as one run's dedupe keeps it). The lines are
/// copied into one buffer; a later line of a known id replaces the kept one only when its
/// position is smaller (the shuffle delivers map partitions in no particular order).
final class StageFirstOccurrences {
    private struct Kept {
        var line: Int
        var position: Int
        var start: Int
        var keyCount: Int
        var jsonCount: Int
    }

    private var bytes: [UInt8] = []
    private var kept: [Kept] = []
    private var index: [[UInt8]: Int] = [:]

    func add(line: Int, position: Int, key: UnsafeRawBufferPointer, json: UnsafeRawBufferPointer) {
        let id = Array(key)
        if let known = index[id] {
            guard position < kept[known].position else { return }
            kept[known] = entry(line: line, position: position, key: key, json: json)
        } else {
            index[id] = kept.count
            kept.append(entry(line: line, position: position, key: key, json: json))
        }
    }

    private func entry(line: Int, position: Int, key: UnsafeRawBufferPointer, json: UnsafeRawBufferPointer) -> Kept {
        let start = bytes.count
        bytes.append(contentsOf: key)
        bytes.append(contentsOf: json)
        return Kept(line: line, position: position, start: start, keyCount: key.count, jsonCount: json.count)
    }

    /// Each kept line (its stage line number, position, key and user JSON), in the order its id first came.
    func forEachKept(_ body: (Int, Int, UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        var failure: UserlistError?
        bytes.withUnsafeBytes { all in
            for entry in kept {
                let key = UnsafeRawBufferPointer(rebasing: all[entry.start..<(entry.start + entry.keyCount)])
                let json = UnsafeRawBufferPointer(rebasing: all[(entry.start + entry.keyCount)..<(entry.start + entry.keyCount + entry.jsonCount)])
                do throws(UserlistError) { try body(entry.line, entry.position, key, json) } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
    }
}
