#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that appears whole or not at all (`--output`): written to a temporary file beside its
/// destination, flushed to disk and renamed over it only by ``commit()``. Until then the old
/// file stays as it was; ``abandon()``, or SIGINT, SIGTERM or SIGHUP arriving first, removes the
/// temporary file, so no run leaves one behind. (A file size limit is a write error: see
/// ``ProcessSignals/prepare()``.)
///
/// A symbolic link is followed, so the file it names is replaced, not the link. A destination that
/// exists and is not a regular file (`/dev/null`, `/dev/stdout`, a named pipe) can't be replaced
/// by renaming: it is opened and written directly, as `>` would.
public final class AtomicFile {
    /// The destination as given (for messages), and the file it names once links are followed.
    public let path: String
    private let resolvedPath: String
    /// Where the bytes go until ``commit()``.
    public let descriptor: Int32
    /// Nil when writing straight to a device or pipe.
    private let temporaryPath: String?
    private var done = false

    /// Creates the temporary file; failing is the destination's failure (`EX_CANTCREAT`, 73).
    public init(path given: String) throws(SystemError) {
        self.path = given
        var path = given
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard fd >= 0 else { throw SystemError("cannot open the output file", subject: given) }
            descriptor = fd
            temporaryPath = nil
            resolvedPath = path
            return
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw SystemError("cannot create the output file", subject: given, code: EISDIR)
        }
        var template = Array("\(directory)/.\(base).userlist-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SystemError("cannot create the output file", subject: given) }
        let temporaryPath = String(cString: template)
        PendingFiles.add(temporaryPath)
        self.temporaryPath = temporaryPath
        resolvedPath = path
        descriptor = fd
        // mkstemp makes it 0600: give it the mode the old file had, or what the umask allows.
        let mode: mode_t
        if stat(path, &info) == 0 {
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        fchmod(fd, mode)
    }

    deinit { abandon() }

    /// Flushes the bytes to disk and renames the file into place.
    public func commit() throws(SystemError) {
        precondition(!done, "committed or abandoned already")
        guard let temporaryPath else {
            done = true
            close(descriptor)
            return
        }
        if fsync(descriptor) != 0, errno != EINVAL, errno != EROFS {
            let failure = SystemError("write error", subject: path)
            abandon()
            throw failure
        }
        close(descriptor)
        guard rename(temporaryPath, resolvedPath) == 0 else {
            let failure = SystemError("cannot create the output file", subject: path)
            unlink(temporaryPath)
            PendingFiles.remove(temporaryPath)
            done = true
            throw failure
        }
        PendingFiles.remove(temporaryPath)
        done = true
    }

    /// Removes the temporary file; the destination stays as it was.
    public func abandon() {
        guard !done else { return }
        done = true
        close(descriptor)
        guard let temporaryPath else { return }
        unlink(temporaryPath)
        PendingFiles.remove(temporaryPath)
    }
}
