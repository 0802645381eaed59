import UserListDomain
import UserListPlatform
import UserListInput

/// One sorted run's file read a line at a time, for `stage merge --runs`: plain lines, or one zstd
/// frame of them as `stage partial --compress-run` writes (recognised by its magic bytes).
/// ``line`` is the current line without its `\n`, valid until ``advance()``.
final class StageRunCursor {
    let path: String
    private let fd: Int32
    private let lines: StageLineBuffer
    private(set) var line = UnsafeRawBufferPointer(start: nil, count: 0)

    /// Opens `path`; ``advance()`` gives its first line.
    init(path: String) throws(UserlistError) {
        self.path = path
        do { fd = try FileReading.openInput(path) } catch {
            throw Self.unreadable(path, error.reason)
        }
        let fd = fd
        let first: [UInt8]
        do { first = try Compression.readFirstBytes(fd, name: path).bytes } catch { throw Self.unreadable(path, error.reason) }
        if let compression = Compression(magic: first) {
            let stream = try compression.stream(fd, prefix: first, inputName: path, progress: ReadProgress?.none)
            lines = StageLineBuffer { (room) throws(UserlistError) in try stream.read(into: room) }
        } else {
            lines = StageLineBuffer(prefix: first) { (room) throws(UserlistError) in try Self.read(fd, path, into: room) }
        }
    }

    deinit {
        FileReading.closeInput(fd)
    }

    /// Moves to the next line; false at the end of the file.
    func advance() throws(UserlistError) -> Bool {
        guard let next = try lines.next() else { return false }
        line = next
        return true
    }

    private static func read(_ fd: Int32, _ path: String, into room: UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int {
        do { return try FileReading.readAvailable(fd, into: room.baseAddress!, count: room.count, name: path) } catch {
            throw unreadable(path, error.reason)
        }
    }

    private static func unreadable(_ path: String, _ reason: String) -> UserlistError {
        UserlistError(.noInput, Diagnostic(.unreadableInput, scope: "stage merge", input: path, "\(reason) (a sorted run given with --runs)"))
    }
}
