import UserListKit
import UserListDomain
import UserListPlatform

/// A stage's standard input (or bytes, in tests), read as lines: a line ends at `\n`, which is
/// not part of it; a last line without one is a line too.
public struct StageInput: Sendable {
    private enum Source {
        case fileDescriptor(Int32)
        case bytes([UInt8])
    }

    private let source: Source
    /// The name messages give it.
    let name: String

    public static let standardInput = StageInput(source: .fileDescriptor(FileReading.standardInput), name: "<stdin>")

    public init(bytes: [UInt8]) {
        source = .bytes(bytes)
        name = "<stdin>"
    }

    /// The lines of an open file (`merge --reject-lines`); the caller keeps it open meanwhile.
    init(fileDescriptor: Int32, name: String) {
        self.init(source: .fileDescriptor(fileDescriptor), name: name)
    }

    private init(source: Source, name: String) {
        self.source = source
        self.name = name
    }

    /// Calls `body` with each line and its 1-based number, in order.
    func forEachLine(_ body: (UnsafeRawBufferPointer, Int) throws(UserlistError) -> Void) throws(UserlistError) {
        switch source {
        case .bytes(let bytes):
            var number = 0
            var failure: UserlistError?
            bytes.withUnsafeBytes { all in
                var start = 0
                while start < all.count {
                    let end = Self.newline(in: all, from: start, to: all.count) ?? all.count
                    number += 1
                    do throws(UserlistError) { try body(UnsafeRawBufferPointer(rebasing: all[start..<end]), number) } catch {
                        failure = error
                        return
                    }
                    start = end + 1
                }
            }
            if let failure { throw failure }
        case .fileDescriptor(let fd):
            try read(fd, body)
        }
    }

    /// Reads 1 MiB at a time; a line longer than what is buffered grows the buffer.
    private func read(_ fd: Int32, _ body: (UnsafeRawBufferPointer, Int) throws(UserlistError) -> Void) throws(UserlistError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var filled = 0
        var number = 0
        var ended = false
        while !ended {
            if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            let n: Int
            do { n = try FileReading.readAvailable(fd, into: &buffer, from: filled, name: name) } catch { throw UserlistError(.noInput, error) }
            if n == 0 { ended = true }
            filled += n
            var consumed = 0
            var failure: UserlistError?
            buffer.withUnsafeBytes { all in
                do throws(UserlistError) {
                    while consumed < filled {
                        guard let end = Self.newline(in: all, from: consumed, to: filled) else {
                            guard ended else { break }
                            number += 1
                            try body(UnsafeRawBufferPointer(rebasing: all[consumed..<filled]), number)
                            consumed = filled
                            break
                        }
                        number += 1
                        try body(UnsafeRawBufferPointer(rebasing: all[consumed..<end]), number)
                        consumed = end + 1
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { Memory.move($0.baseAddress!, from: $0.baseAddress! + consumed, count: filled - consumed) }
                filled -= consumed
            }
        }
    }

    /// The offset of the first `\n` in `bytes[from..<to]`.
    private static func newline(in bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        guard from < to, let found = Memory.first(UInt8(ascii: "\n"), in: bytes.baseAddress! + from, count: to - from) else { return nil }
        return bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
    }
}
