import Foundation
import UserListPlatform

/// A fresh directory under the system's temporary directory, removed when the test's suite instance goes.
public final class TemporaryDirectory {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("userlist-tests-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` (UTF-8) to `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) -> String {
        let path = url.appendingPathComponent(name).path
        precondition(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot write \(path)")
        return path
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// A named pipe, `fifo`, that a background thread fills with `text` once a reader opens it:
    /// an input that can be read only once, like `curl … |`.
    public func pipe(_ text: String) -> String { pipe(bytes: Array(text.utf8)) }

    public func pipe(bytes: [UInt8]) -> String {
        let path = namedPipe("fifo")
        Thread.detachNewThread {
            // Opening blocks until a reader opens the other end; a reader that stops early
            // ends the writing (the write fails), as a closed pipe ends `curl`.
            guard let writer = FileHandle(forWritingAtPath: path) else { return }
            try? writer.write(contentsOf: bytes)
            try? writer.close()
        }
        return path
    }

    /// An empty named pipe, `name`, for a test that writes it itself (slowly, in parts).
    public func namedPipe(_ name: String) -> String {
        let path = self.path(name)
        do { try NamedPipe.make(at: path) } catch { preconditionFailure("cannot make \(path): \(error.reason)") }
        return path
    }
}
