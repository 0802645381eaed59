import UserListPlatform
/// Bytes of an input that can be read again at any offset: a regular file in place, or the
/// temporary copy a pipe's big document was written to while its outline was read.
package struct RereadableBytes: Sendable {
    /// Reads into the buffer from an offset of the input (after any byte order mark); the count read, 0 at the end.
    package let read: @Sendable (UnsafeMutableRawBufferPointer, Int) throws(SystemError) -> Int

    package init(_ read: @escaping @Sendable (UnsafeMutableRawBufferPointer, Int) throws(SystemError) -> Int) {
        self.read = read
    }

    /// The copy in `file`, written from the input's first byte on.
    package init(copy file: TemporaryFile) {
        read = { buffer, offset throws(SystemError) in try file.read(into: buffer, at: offset) }
    }
}
