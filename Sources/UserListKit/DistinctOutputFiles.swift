import UserListDomain
import UserListPlatform

/// `-o`, `--rejects` and `--summary` naming one file (through a link, a hard link, `./`) is exit
/// 64 before anything is read: each would replace the other's file, losing one of them. (`-o` may
/// name an input: every input is read before the file is renamed into place.) The list and
/// `diff` both check it here.
enum DistinctOutputFiles {
    static func check(output: OutputDestination, rejects rejectsPath: String?, summary: OutputDestination?) throws(UserlistError) {
        var files: [(option: String, path: String)] = []
        if case .file(let path) = output { files.append(("--output", path)) }
        if let rejectsPath, rejectsPath != "-" { files.append(("--rejects", rejectsPath)) }
        if case .file(let path)? = summary { files.append(("--summary", path)) }
        for (index, later) in files.enumerated() {
            for earlier in files[..<index] where AtomicFile.sameDestination(earlier.path, later.path) {
                throw UserlistError(.usage, Diagnostic(.usage, option: later.option, "\(later.path) is the \(earlier.option) file too (\(earlier.path)); one would replace the other"))
            }
        }
    }
}
