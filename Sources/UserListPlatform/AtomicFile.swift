#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that appears whole or not at all (`--output`, `--rejects`, `--summary`): written to a
/// temporary file beside its destination, flushed to disk and renamed over it only by
/// ``commit()``. Until then the old file stays as it was; ``abandon()``, or SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT or SIGPIPE arriving first, removes the temporary file, so no run leaves one
/// behind. (A file size limit is a write error: see ``ProcessSignals/prepare()``.)
///
/// - The temporary file is `.NAME.userlist-PID-XXXXXX` (`mkstemp`, so two runs onto one
///   destination never share one, and the last rename wins with a whole file). It stays 0600
///   while it is written; the destination's old mode (or what the umask allows) is given only
///   at ``commit()``, just before the rename.
/// - Only SIGKILL (or a crash outside libjq) can leave a temporary file behind: the next
///   ``AtomicFile`` onto the same destination removes those whose PID is no longer running
///   (`kill(pid, 0)` answers ESRCH), and never a live run's.
/// - A symbolic link is followed, also a dangling one and a chain of them, so the file it names
///   is replaced (or created), beside itself, and the link stays a link. A destination that
///   exists and is not a regular file (`/dev/null`, a named pipe) can't be replaced by
///   renaming: it is opened and written directly, as `>` would.
/// - A name for one of the process's own descriptors (`/dev/stdout`, `/dev/fd/3`, a link to
///   one) is written through a duplicate of that descriptor, whatever it is open on: output and
///   rejects both sent to `/dev/stdout > out.txt` both end up in `out.txt`, in the order written.
public final class AtomicFile {
    /// The destination as given (for messages).
    public let path: String
    /// The file it names once links are followed: what is renamed over.
    private let resolvedPath: String
    /// Where the bytes go until ``commit()``.
    public let descriptor: Int32
    /// Nil when writing straight to a device or pipe.
    private let temporaryPath: String?
    /// The mode (and owner, when the old file had one we may give) the file gets at ``commit()``.
    private let finalMode: mode_t
    private let finalOwner: (uid_t, gid_t)?
    private var done = false
    /// ``finishWriting(durably:)`` has closed the descriptor; only the rename is left.
    private var written = false

    /// Creates the temporary file; failing is the destination's failure (`EX_CANTCREAT`, 73).
    /// `removingStale: false` leaves the directory's stale temporaries alone (a caller writing
    /// thousands of files into one directory removes them once, with
    /// ``removeStaleTemporaries(in:named:)``, instead of reading the directory for each file).
    public init(path given: String, removingStale: Bool = true) throws(SystemError) {
        self.path = given
        // One of this process's own descriptors by name (`/dev/stdout`, `/dev/fd/3`,
        // `/proc/self/fd/1`, or a link to one) is written through a duplicate of it, sharing its
        // offset, as a shell writes `2>/dev/stdout`. Opened anew with O_TRUNC, it cut off what
        // the descriptor had written and overwrote what it wrote next (`--rejects /dev/stdout >
        // out.txt` lost the list); renamed over, it replaced the file behind stdout, or, where the
        // link could not be resolved, the `/dev/stdout` link itself.
        if let own = Self.ownDescriptor(named: given) {
            let fd = fcntl(own, F_DUPFD_CLOEXEC, 0)
            guard fd >= 0 else { throw SystemError("cannot open the output file", subject: given) }
            resolvedPath = given
            descriptor = fd
            temporaryPath = nil
            finalMode = 0
            finalOwner = nil
            return
        }
        var info = stat()
        let exists = stat(given, &info) == 0
        let path: String
        var unresolvedLink = false
        if exists {
            // realpath, not readlink: a link into `/proc` (`pipe:[…]`, a deleted file's
            // `… (deleted)`) only the kernel can follow.
            var link = stat()
            if lstat(given, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                if let resolved = realpath(given, nil) {
                    path = String(cString: resolved)
                    free(resolved)
                } else {
                    // Renaming over the link would replace the link: written through it instead.
                    path = given
                    unresolvedLink = true
                }
            } else {
                path = given
            }
        } else {
            path = try Self.followingLinks(given)
        }
        resolvedPath = path
        if exists, unresolvedLink || ((info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR) {
            let fd = open(given, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard fd >= 0 else { throw SystemError("cannot open the output file", subject: given) }
            descriptor = fd
            temporaryPath = nil
            finalMode = 0
            finalOwner = nil
            return
        }
        if exists, (info.st_mode & S_IFMT) == S_IFDIR {
            throw SystemError("cannot create the output file", subject: given, code: EISDIR)
        }
        let (directory, base) = Self.split(path)
        let prefix = Self.temporaryPrefix(base)
        if removingStale { Self.removeStaleTemporaries(in: directory, prefix: prefix) }
        var template = Array("\(directory)/\(prefix)\(getpid())-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SystemError("cannot create the output file", subject: given) }
        let temporaryPath = String(cString: template)
        PendingFiles.add(temporaryPath)
        self.temporaryPath = temporaryPath
        descriptor = fd
        // mkstemp made it 0600, and so it stays until commit(): then it gets the mode the old file
        // had (and its owner and group, as far as we may give them), or what the umask allows.
        if exists {
            finalMode = info.st_mode & 0o7777
            finalOwner = (info.st_uid, info.st_gid)
        } else {
            let mask = umask(0)
            umask(mask)
            finalMode = 0o666 & ~mask
            finalOwner = nil
        }
    }

    deinit { abandon() }

    /// Gives the file its final mode, flushes the bytes to disk and renames the file into place
    /// (and flushes the directory, so the rename is on disk too). Not `durably`, the two flushes
    /// are left to the system (`--split-pages`: thousands of small files, each still renamed whole).
    public func commit(durably: Bool = true) throws(SystemError) {
        try finishWriting(durably: durably)
        try moveIntoPlace(durably: durably)
    }

    /// The first half of ``commit(durably:)``: the file gets its final mode (and is flushed to disk
    /// `durably`) and its descriptor is closed, but it is not renamed yet — a caller writing a set
    /// of files (`--split-pages`) renames them only once every one is written. Until
    /// ``moveIntoPlace(durably:)``, ``abandon()`` (or deinit) still removes it.
    public func finishWriting(durably: Bool = true) throws(SystemError) {
        precondition(!done && !written, "committed or abandoned already")
        guard temporaryPath != nil else { return }
        if let (owner, group) = finalOwner, owner != geteuid() || group != getegid() {
            // Best effort, as `sed -i` does: a group we belong to, any owner only for root.
            if fchown(descriptor, owner, group) != 0 { _ = fchown(descriptor, uid_t.max, group) }
        }
        fchmod(descriptor, finalMode)
        if durably, fsync(descriptor) != 0, errno != EINVAL, errno != EROFS {
            let failure = SystemError(SystemError.writeError, subject: path)
            abandon()
            throw failure
        }
        close(descriptor)
        written = true
    }

    /// The second half of ``commit(durably:)``: renames the written file over its destination.
    public func moveIntoPlace(durably: Bool = true) throws(SystemError) {
        precondition(!done, "committed or abandoned already")
        guard let temporaryPath else {
            done = true
            close(descriptor)
            return
        }
        precondition(written, "finishWriting() first")
        guard rename(temporaryPath, resolvedPath) == 0 else {
            let failure = SystemError("cannot create the output file", subject: path)
            unlink(temporaryPath)
            PendingFiles.remove(temporaryPath)
            done = true
            throw failure
        }
        PendingFiles.remove(temporaryPath)
        done = true
        guard durably else { return }
        let directory = open(Self.split(resolvedPath).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Removes the temporary file; the destination stays as it was.
    public func abandon() {
        guard !done else { return }
        done = true
        if !written { close(descriptor) }
        guard let temporaryPath else { return }
        unlink(temporaryPath)
        PendingFiles.remove(temporaryPath)
    }

    // MARK: - Names

    /// The descriptor `given` names when it is one of this process's own (`/dev/stdin`,
    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N`,
    /// `/proc/PID/fd/N`), directly or through symbolic links; nil for any other path.
    static func ownDescriptor(named given: String) -> Int32? {
        var path = given
        for _ in 0..<40 {
            if let number = descriptorNumber(in: path) { return number }
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = target.hasPrefix("/") ? target : split(path).directory + "/" + target
        }
        return nil
    }

    private static func descriptorNumber(in path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            guard !number.isEmpty, number.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
            return Int32(number)
        }
        return nil
    }

    /// Whether two destinations are one file: the same device and inode for files that exist (a
    /// link, `./name`, a hard link), the same place once links and directories are resolved for
    /// files that don't yet. Devices and pipes (`/dev/null`, `/dev/stdout`) are never "the same":
    /// writing them twice is what was asked for.
    public static func sameDestination(_ first: String, _ second: String) -> Bool {
        var one = stat(), other = stat()
        let firstExists = stat(first, &one) == 0, secondExists = stat(second, &other) == 0
        if firstExists || secondExists {
            return firstExists && secondExists && one.st_dev == other.st_dev && one.st_ino == other.st_ino
                && (one.st_mode & S_IFMT) == S_IFREG
        }
        guard let firstPlace = try? place(of: first), let secondPlace = try? place(of: second) else { return false }
        return firstPlace == secondPlace
    }

    /// Where a file that doesn't exist yet would be created: links followed, directory resolved.
    private static func place(of path: String) throws(SystemError) -> String {
        let (directory, base) = split(try followingLinks(path))
        guard let resolved = realpath(directory, nil) else { return directory + "/" + base }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + base
    }

    /// A path that names no file yet, with every symbolic link at its end followed: the file a
    /// write through a dangling link creates (as `>` does). Directories on the way are left as
    /// they are: the rename happens inside the last one, wherever it is.
    static func followingLinks(_ given: String) throws(SystemError) -> String {
        var path = given
        for _ in 0..<40 {
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { throw SystemError("cannot create the output file", subject: given) }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = target.hasPrefix("/") ? target : split(path).directory + "/" + target
        }
        throw SystemError("cannot create the output file", subject: given, code: ELOOP)
    }

    /// The directory a path is in (`.` for a bare name) and its last component.
    static func split(_ path: String) -> (directory: String, base: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    /// `.NAME.userlist-`, with NAME cut (at a character) so that the whole temporary name, PID
    /// and random part included, fits in a file name's 255 bytes.
    static func temporaryPrefix(_ base: String) -> String {
        var name = Substring(base)
        while name.utf8.count > 200 { name = name.dropLast() }
        return ".\(name).userlist-"
    }

    /// Removes `PREFIX<pid>-XXXXXX` files left in `directory` by runs that no longer exist (a
    /// SIGKILL, a power cut). A PID that is running — another run onto the same file — or that
    /// we may not signal (another user's) keeps its file; so does any other name.
    /// Removes, in one pass over `directory`, the temporaries of every destination whose name
    /// `named` accepts that runs no longer running left there (as each ``init(path:removingStale:)``
    /// does for its own destination).
    public static func removeStaleTemporaries(in directory: String, named: (String) -> Bool) {
        guard let stream = opendir(directory) else { return }
        var prefixes: Set<String> = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            // `.BASE.userlist-PID-XXXXXX`: BASE is what comes before the last `.userlist-`.
            let bytes = Array(name.utf8), marker = Array(".userlist-".utf8)
            guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count + 1,
                  let at = stride(from: bytes.count - marker.count, through: 1, by: -1).first(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) })
            else { continue }
            let base = String(decoding: bytes[1..<at], as: UTF8.self)
            if named(base) { prefixes.insert(temporaryPrefix(base)) }
        }
        closedir(stream)
        for prefix in prefixes { removeStaleTemporaries(in: directory, prefix: prefix) }
    }

    static func removeStaleTemporaries(in directory: String, prefix: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let me = getpid()
        var stale: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard let pid = temporaryOwner(name, prefix: prefix), pid != me else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { stale.append(name) }
        }
        for name in stale {
            var info = stat()
            let path = directory + "/" + name
            // Only a regular file, as mkstemp made it: never a directory or a link someone put there.
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            unlink(path)
        }
    }

    /// The PID in a temporary file's name `PREFIX<pid>-XXXXXX`, or nil for any other name.
    static func temporaryOwner(_ name: String, prefix: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.utf8.dropFirst(prefix.utf8.count)
        guard let dash = rest.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let digits = rest[..<dash], random = rest[rest.index(after: dash)...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              random.count == 6 else { return nil }
        guard let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid > 0 else { return nil }
        return pid
    }
}
