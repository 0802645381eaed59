import UserListDomain
import UserListPlatform
import Foundation

/// `-o`, `--rejects` and `--summary` naming one file (through a link, a hard link, `./`) is exit
/// 64 before anything is read: each would replace the other's file, losing one of them. (`-o` may
/// name an input: every input is read before the file is renamed into place.) The list and
/// `diff` both check it here.
///
/// `--rejects` and `--summary` may name no input and no page of `--split-pages`: they are written
/// whether or not the run succeeds (a summary on failure too), so `--summary in.ndjson` replaced
/// the input with one line even when the run failed, and `--summary site/page-1.csv` a page.
enum DistinctOutputFiles {
    static func check(
        output: OutputDestination, rejects rejectsPath: String?, summary: OutputDestination?, inputs: [String] = [],
        pages: (directory: String, extension: String)? = nil
    ) throws(UserlistError) {
        var files: [(option: String, path: String)] = []
        if case .file(let path) = output { files.append(("--output", path)) }
        if let rejectsPath, rejectsPath != "-" { files.append(("--rejects", rejectsPath)) }
        if case .file(let path)? = summary { files.append(("--summary", path)) }
        for (index, later) in files.enumerated() {
            for earlier in files[..<index] where AtomicFile.sameDestination(earlier.path, later.path) {
                throw UserlistError(.usage, Diagnostic(.usage, option: later.option, "\(later.path) is the \(earlier.option) file too (\(earlier.path)); one would replace the other"))
            }
        }
        for file in files where file.option != "--output" {
            if let input = inputs.first(where: { AtomicFile.sameDestination($0, file.path) }) {
                throw UserlistError(.usage, Diagnostic(.usage, option: file.option, "\(file.path) is an input too (\(input)); it would be replaced"))
            }
            if let pages, isPage(file.path, of: pages) {
                throw UserlistError(.usage, Diagnostic(.usage, option: file.option, "\(file.path) is a page of --split-pages \(pages.directory) too; one would replace the other"))
            }
        }
    }

    /// Whether `path` is named as a page of `--split-pages` is (`DIR/page-N.EXT`), its directory
    /// compared as a file when both exist, else as a path.
    private static func isPage(_ path: String, of pages: (directory: String, extension: String)) -> Bool {
        let url = URL(fileURLWithPath: path).standardized
        let name = url.lastPathComponent
        guard name.hasPrefix("page-"), name.hasSuffix("." + pages.extension),
              name.dropFirst(5).dropLast(pages.extension.count + 1).allSatisfy(\.isNumber) else { return false }
        let directory = url.deletingLastPathComponent().path, given = URL(fileURLWithPath: pages.directory).standardized.path
        func identity(_ path: String) -> [AnyHashable?]? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            return [attributes[.systemNumber] as? AnyHashable, attributes[.systemFileNumber] as? AnyHashable]
        }
        if let one = identity(directory), let other = identity(given) { return one == other }
        return directory == given
    }
}
