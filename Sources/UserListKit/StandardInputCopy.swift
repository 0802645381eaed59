@_spi(Pipeline) import UserListDomain
import UserListGateway
import UserListPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input copied whole into a nameless temporary file, for an input that is read twice
/// (`userlist diff` reads OLD again for the users it reports): a pipe can be read only once.
final class StandardInputCopy {
    private let file: TemporaryFile

    init() throws(UserlistError) {
        do {
            file = try TemporaryFile(name: "stdin", purpose: "temporary copy of <stdin>")
        } catch {
            throw UserlistError(.output, error.description)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(STDIN_FILENO, buffer.baseAddress!, buffer.count)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw UserlistError(.noInput, "<stdin>: \(String(cString: strerror(errno)))")
            }
            do { try file.append(UnsafeRawBufferPointer(rebasing: buffer[..<n])) } catch {
                throw UserlistError(.output, error.description)
            }
        }
    }

    /// The copy as an input named as standard input is, so positions in messages read `<stdin>:3:7`.
    var input: InputSource { .descriptor(file.descriptor, name: InputSource.standardInput.description) }
}
