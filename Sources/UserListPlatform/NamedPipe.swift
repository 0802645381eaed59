#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A named pipe (`mkfifo`): an input that can be read only once and arrives as it is written,
/// as `curl … |` or `<(zcat …)` give one. Foundation has no call that makes one, so the tests
/// that read such inputs make them here.
package enum NamedPipe {
    /// Makes a pipe at `path`, readable and writable by this user only (0600); a pipe or file
    /// already there is replaced.
    package static func make(at path: String) throws(SystemError) {
        unlink(path)
        guard mkfifo(path, 0o600) == 0 else { throw SystemError("cannot make a named pipe", subject: path) }
    }
}
