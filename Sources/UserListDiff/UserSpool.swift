import UserListDomain
import UserListPlatform

/// Users kept in a nameless temporary file (see `TemporaryFile`) instead of memory: OLD's users,
/// and NEW's that were added or changed. A diff of two unrelated exports differs in every user,
/// and must still run in memory that grows with ids, not users. Written once, front to back,
/// then read back by offset.
///
/// A record: its length (UInt32), a tag and a number the caller chooses (UInt8, UInt32), then the
/// 17 canonical fields in `CanonicalField` order, each a UInt32 length (`UInt32.max`: missing)
/// and its UTF-8 bytes. The file failing is an output error (exit 74), as a sort's spill is.
final class UserSpool {
    struct Record {
        var tag: UInt8
        var number: UInt32
        var user: User
        /// Where the next record starts.
        var next: Int
    }

    private let file: TemporaryFile
    /// Bytes not yet in the file.
    private var pending: [UInt8] = []
    /// Bytes appended in all, in the file or pending.
    private(set) var length = 0
    /// A window of the file read at once, so reading records in order costs one `pread` per 256 KiB.
    private var window: [UInt8] = []
    private var windowStart = 0

    private static let flushSize = 1 << 20
    private static let windowSize = 1 << 18

    init(name: String) throws(UserlistError) {
        file = try UserlistError.writingOutput { () throws(SystemError) in try TemporaryFile(name: name, purpose: "temporary file for a diff") }
    }

    /// Appends a record; its offset.
    @discardableResult
    func append(tag: UInt8, number: UInt32, user: User) throws(UserlistError) -> Int {
        let offset = length
        let start = pending.count
        Self.encode(tag: tag, number: number, user: user, into: &pending)
        length += pending.count - start
        if pending.count >= Self.flushSize { try flush() }
        return offset
    }

    /// Appends a record ``encode(tag:number:user:into:)`` made (on another thread); its offset.
    func append(encoded record: UnsafeRawBufferPointer) throws(UserlistError) -> Int {
        let offset = length
        pending.append(contentsOf: record)
        length += record.count
        if pending.count >= Self.flushSize { try flush() }
        return offset
    }

    /// Appends one record's bytes to `bytes`.
    static func encode(tag: UInt8, number: UInt32, user: User, into bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0, tag])
        appendInteger(number, to: &bytes)
        for field in CanonicalField.allCases {
            guard var value = user.text(of: field) else {
                appendInteger(UInt32.max, to: &bytes)
                continue
            }
            value.withUTF8 { utf8 in
                appendInteger(UInt32(utf8.count), to: &bytes)
                bytes.append(contentsOf: utf8)
            }
        }
        let recordLength = UInt32(bytes.count - start)
        withUnsafeBytes(of: recordLength.littleEndian) { bytes.replaceSubrange(start..<(start + 4), with: $0) }
    }

    /// Writes what is pending; call before reading.
    func flush() throws(UserlistError) {
        guard !pending.isEmpty else { return }
        try UserlistError.writingOutput { () throws(SystemError) in try file.append(pending) }
        pending.removeAll(keepingCapacity: true)
    }

    /// The record at `offset` (one ``append(tag:number:user:)`` returned, or a record's `next`).
    func record(at offset: Int) throws(UserlistError) -> Record {
        let header = try bytes(at: offset, count: 9)
        let recordLength = Int(Self.integer(header, at: 0))
        let tag = header[header.startIndex + 4]
        let number = Self.integer(header, at: 5)
        let body = try bytes(at: offset, count: recordLength)
        var values: [String?] = []
        values.reserveCapacity(CanonicalField.allCases.count)
        var position = 9
        for _ in CanonicalField.allCases {
            let count = Self.integer(body, at: position)
            position += 4
            if count == UInt32.max {
                values.append(nil)
            } else {
                let start = body.startIndex + position
                values.append(String(decoding: body[start..<(start + Int(count))], as: UTF8.self))
                position += Int(count)
            }
        }
        return Record(tag: tag, number: number, user: User(values: values), next: offset + recordLength)
    }

    /// `count` bytes at `offset`, through the read window.
    private func bytes(at offset: Int, count: Int) throws(UserlistError) -> ArraySlice<UInt8> {
        precondition(pending.isEmpty, "flush() a spool before reading it")
        if offset < windowStart || offset + count > windowStart + window.count {
            window = Array(repeating: 0, count: max(Self.windowSize, count))
            windowStart = offset
            var filled = 0
            while filled < window.count {
                let n = try UserlistError.writingOutput { () throws(SystemError) in try file.read(into: &window, filled..., at: offset + filled) }
                if n == 0 { break }
                filled += n
            }
            window.removeSubrange(filled...)
            guard count <= filled else {
                throw UserlistError(.output, Diagnostic(.damagedTemporaryFile, input: file.purpose, "read error: a record ends past the end of the file"))
            }
        }
        let start = offset - windowStart
        return window[start..<(start + count)]
    }

    private static func appendInteger(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func integer(_ bytes: ArraySlice<UInt8>, at position: Int) -> UInt32 {
        let base = bytes.startIndex + position
        return UInt32(bytes[base]) | UInt32(bytes[base + 1]) << 8 | UInt32(bytes[base + 2]) << 16 | UInt32(bytes[base + 3]) << 24
    }
}
