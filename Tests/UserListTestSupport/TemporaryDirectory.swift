import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
        let path = self.path("fifo")
        unlink(path)
        precondition(mkfifo(path, 0o600) == 0, "cannot make \(path)")
        Thread.detachNewThread {
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                written += n
            }
            close(fd)
        }
        return path
    }
}
