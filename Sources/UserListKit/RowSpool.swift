import UserListDomain
import UserListPlatform
import UserListService

/// Encoded rows kept on disk until the document around them can be written: an html page's
/// header says how many users follow, a markdown table's footer too, and `--split-pages` needs
/// the number of pages before the first file's pager. A nameless temporary file (gone with the
/// process however it ends), written and read in 1 MiB blocks: memory stays the same for ten
/// users or ten million.
final class RowSpool {
    private let file: TemporaryFile
    private var buffer: [UInt8] = []
    /// Each row's length, in order (4 bytes a row).
    private var lengths: [UInt32] = []

    static let block = 1 << 20

    init() throws(UserlistError) {
        file = try UserlistError.writingOutput { () throws(SystemError) in try TemporaryFile(name: "rows", purpose: "temporary file for the rows") }
        buffer.reserveCapacity(Self.block)
    }

    var count: Int { lengths.count }

    func append(_ rows: [EncodedRow]) throws(UserlistError) {
        for row in rows {
            row.withBytes { buffer.append(contentsOf: $0) }
            lengths.append(UInt32(row.count))
            if buffer.count >= Self.block { try flush() }
        }
    }

    private func flush() throws(UserlistError) {
        guard !buffer.isEmpty else { return }
        let file = file
        try UserlistError.writingOutput { () throws(SystemError) in try file.append(buffer) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes every row to `output`, in order: from the kernel when `output` is a descriptor
    /// (`sendfile`: 270 MB of a million html rows never pass through a buffer), else copied.
    func write(to output: OutputWriter) throws(UserlistError) {
        try flush()
        if let descriptor = output.fileDescriptor {
            try output.flush()
            let file = file
            let name = output.name
            let sent: Bool
            do { sent = try file.send(to: descriptor) } catch { throw UserlistError(.output, Diagnostic(.unwritableOutput, input: name, "write error: \(error.reason)")) }
            if sent { return }
        }
        try forEachRow { output.write($0) }
    }

    /// Calls `body` with each row's bytes, in the order they were appended.
    func forEachRow(_ body: (UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        try flush()
        var block = [UInt8](repeating: 0, count: Self.block)
        var blockStart = 0, blockEnd = 0  // the file's bytes in `block`
        var offset = 0
        for length in lengths {
            let length = Int(length)
            if offset + length > blockEnd {
                // Refill from this row on; a row bigger than a block gets a block of its own size.
                if length > block.count { block = [UInt8](repeating: 0, count: length) }
                blockStart = offset
                blockEnd = offset
                let file = file
                while blockEnd < min(file.length, offset + block.count) {
                    let read = try UserlistError.writingOutput { () throws(SystemError) in try file.read(into: &block, (blockEnd - blockStart)..., at: blockEnd) }
                    if read == 0 { break }
                    blockEnd += read
                }
                guard offset + length <= blockEnd else { throw UserlistError(.output, Diagnostic(.damagedTemporaryFile, input: "temporary file for the rows", "cut short")) }
            }
            var failure: UserlistError?
            block.withUnsafeBytes { bytes in
                do throws(UserlistError) { try body(UnsafeRawBufferPointer(rebasing: bytes[(offset - blockStart)..<(offset - blockStart + length)])) } catch { failure = error }
            }
            if let failure { throw failure }
            offset += length
        }
    }
}
