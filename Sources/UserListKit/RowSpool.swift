@_spi(Pipeline) import UserListDomain
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
        file = try Self.output { () throws(SystemError) in try TemporaryFile(name: "rows", purpose: "temporary file for the rows") }
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
        let failure: SystemError? = buffer.withUnsafeBytes { bytes in
            do throws(SystemError) { try file.append(bytes) } catch { return error }
            return nil
        }
        if let failure { throw UserlistError(.output, failure.description) }
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
        do { try forEachRow { output.write($0) } } catch { throw (error as? UserlistError) ?? UserlistError(.output, "\(error)") }
    }

    /// Calls `body` with each row's bytes, in the order they were appended.
    func forEachRow(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
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
                    let read = try block.withUnsafeMutableBytes { bytes throws(UserlistError) in
                        try Self.output { () throws(SystemError) in
                            try file.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[(blockEnd - blockStart)...]), at: blockEnd)
                        }
                    }
                    if read == 0 { break }
                    blockEnd += read
                }
                guard offset + length <= blockEnd else { throw UserlistError(.output, "temporary file for the rows: cut short") }
            }
            try block.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[(offset - blockStart)..<(offset - blockStart + length)])) }
            offset += length
        }
    }

    /// The temporary file failing is an output error (exit 74): the run can't finish its output.
    private static func output<T>(_ body: () throws(SystemError) -> T) throws(UserlistError) -> T {
        do { return try body() } catch { throw UserlistError(.output, error.description) }
    }
}
