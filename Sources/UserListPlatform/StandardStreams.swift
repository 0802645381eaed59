#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as the process was started with them.
public enum StandardStreams {
    /// Gives each of descriptors 0, 1 and 2 that was closed at start (`2>&-`, `>&-`, `<&-`)
    /// `/dev/null` opened the wrong way round — standard input for writing, standard output
    /// and error for reading — so that it stays as unusable as a closed one (a read or write
    /// fails with EBADF: `<stdout>: Bad file descriptor`, exit 74) while holding its number.
    /// Left closed, the next file opened takes the lowest free number: `-o out.csv 2>&-` made
    /// `out.csv` descriptor 2 and wrote the warnings into it, and `<&-` read the `-o` temporary
    /// file as standard input. Call first, before any file is opened.
    public static func holdClosedOnes() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
            if opened >= 0, opened != descriptor {
                // A lower number was free too and is held already; this one goes where it belongs.
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
        }
    }
}
