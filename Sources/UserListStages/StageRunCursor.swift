import UserListDomain
import UserListPlatform

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
        lines = try StageLineBuffer.reading(fd, name: path) { Self.unreadable(path, $0.reason) }
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

    private static func unreadable(_ path: String, _ reason: String) -> UserlistError {
        UserlistError(.noInput, Diagnostic(.unreadableInput, scope: "stage merge", input: path, "\(reason) (a sorted run given with --runs)"))
    }
}
