import UserListKit
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListJSON

/// Stage lines gathered for decoding together: their JSON users are parsed by simdjson in one
/// pass over a buffer that holds them one per line (one call per line cost more than the work).
final class StageRecordBatch {
    struct Entry {
        /// The stage input line it came from, for a message.
        var line: Int
        var position: Int
        var start: Int
        var count: Int
    }

    private(set) var entries: [Entry] = []
    private var text: [UInt8] = []
    private let stream = JSONDocumentStream()

    var isEmpty: Bool { entries.isEmpty }
    /// Enough to be worth a parse, small enough to stay in cache.
    var isFull: Bool { entries.count >= 4096 || text.count >= 4 << 20 }

    func add(line: Int, position: Int, json: UnsafeRawBufferPointer) {
        // (The line's key is not kept: a copy of it per user was an allocation nobody read.)
        entries.append(Entry(line: line, position: position, start: text.count, count: json.count))
        text.append(contentsOf: json)
        text.append(UInt8(ascii: "\n"))
    }

    /// Decodes every entry's user in order; the number of the first stage line whose text is not
    /// a user as ``StageUserJSON`` writes it, if any (nothing after it is decoded).
    func users() -> (users: [StageUserJSON.Decoded], badLine: Int?) {
        var users: [StageUserJSON.Decoded] = []
        users.reserveCapacity(entries.count)
        let padded = text + [UInt8](repeating: 0, count: JSONDocumentStream.padding)
        let badLine: Int? = padded.withUnsafeBytes { all in
            let buffer = UnsafeRawBufferPointer(rebasing: all[..<text.count])
            var batchSize = 1 << 20
            while batchSize < text.count, batchSize < 1 << 30 { batchSize <<= 1 }
            if stream.begin(buffer, batchSize: batchSize) != nil { return slowly(buffer, into: &users) }
            for entry in entries {
                guard case .document(let root, let offset) = stream.next(), offset == entry.start,
                      let decoded = StageUserJSON.decode(root)
                else { return slowly(buffer, from: users.count, into: &users) }
                users.append(decoded)
            }
            if case .end(let truncated) = stream.next(), truncated == 0 { return nil }
            return slowly(buffer, from: users.count, into: &users)
        }
        return (users, badLine)
    }

    /// One entry at a time from `first` on, to find the one that is not a user.
    private func slowly(_ buffer: UnsafeRawBufferPointer, from first: Int = 0, into users: inout [StageUserJSON.Decoded]) -> Int? {
        users.removeSubrange(first...)
        for entry in entries[first...] {
            let one = Array(buffer[entry.start..<(entry.start + entry.count)]) + [UInt8](repeating: 0, count: JSONDocumentStream.padding)
            let decoded: StageUserJSON.Decoded? = one.withUnsafeBytes { bytes in
                let json = UnsafeRawBufferPointer(rebasing: bytes[..<entry.count])
                guard stream.begin(json, batchSize: max(1 << 20, entry.count)) == nil,
                      case .document(let root, _) = stream.next(), let user = StageUserJSON.decode(root),
                      case .end(let truncated) = stream.next(), truncated == 0
                else { return nil }
                return user
            }
            guard let decoded else { return entry.line }
            users.append(decoded)
        }
        return nil
    }

    func removeAll() {
        entries.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
    }
}
