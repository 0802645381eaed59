import Foundation
import Testing
import UserListTestSupport

/// The README's Architecture section lists every target of `Package.swift` in a line, with what it
/// uses: `` - `Name` (uses `A`, `B`): what it holds `` or `(uses nothing)`. The list and the
/// manifest are read here and must agree, so a target added, removed or rewired is written down.
@Suite struct ArchitectureTests {
    /// Each target of the manifest and the names in its `dependencies:` (targets, and products by
    /// their name), read from its text: `.target(name: "X", dependencies: [...], ...)`.
    static func manifestTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: PackageRoot.file("Package.swift"), encoding: .utf8)
        guard let start = text.range(of: "targets: [") else { return [:] }
        var targets: [String: Set<String>] = [:]
        // Every `.target(`, `.executableTarget(`, `.testTarget(` or `.systemLibrary(` call, to its closing parenthesis.
        let kinds = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("]
        var index = start.upperBound
        while let call = kinds.compactMap({ text.range(of: $0, range: index..<text.endIndex) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            var depth = 1
            var end = call.upperBound
            while depth > 0, end < text.endIndex {
                if text[end] == "(" { depth += 1 } else if text[end] == ")" { depth -= 1 }
                end = text.index(after: end)
            }
            let body = String(text[call.upperBound..<end])
            guard let name = Self.firstQuoted(after: "name:", in: body) else { index = end; continue }
            var uses: Set<String> = []
            if let list = body.range(of: "dependencies: [") {
                var depth = 1
                var close = list.upperBound
                while depth > 0, close < body.endIndex {
                    if body[close] == "[" { depth += 1 } else if body[close] == "]" { depth -= 1 }
                    close = body.index(after: close)
                }
                let dependencies = String(body[list.upperBound..<close])
                // `.product(name: "HeapModule", package: …)` is named by its product; the rest are quoted target names.
                var rest = dependencies[...]
                while let quote = rest.firstIndex(of: "\"") {
                    let after = rest.index(after: quote)
                    guard let closing = rest[after...].firstIndex(of: "\"") else { break }
                    let word = String(rest[after..<closing])
                    let before = rest[..<quote].suffix(10)
                    if !before.hasSuffix("package: ") { uses.insert(word) }
                    rest = rest[rest.index(after: closing)...]
                }
            }
            targets[name] = uses
            index = end
        }
        return targets
    }

    private static func firstQuoted(after label: String, in text: String) -> String? {
        guard let at = text.range(of: label + " \"") else { return nil }
        guard let end = text[at.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(text[at.upperBound..<end])
    }

    /// The README's lines: target → what it says it uses.
    static func readmeTargets() throws -> [String: Set<String>] {
        let readme = try String(contentsOf: PackageRoot.file("README.md"), encoding: .utf8)
        guard let section = readme.range(of: "\n## Architecture\n") else { return [:] }
        let end = readme.range(of: "\n## ", range: section.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        var targets: [String: Set<String>] = [:]
        for line in readme[section.upperBound..<end].split(separator: "\n") where line.hasPrefix("- `") {
            guard let nameEnd = line.dropFirst(3).firstIndex(of: "`"),
                  let open = line.range(of: " (uses "), let close = line.range(of: "): ", range: open.upperBound..<line.endIndex)
            else { continue }
            let name = String(line[line.index(line.startIndex, offsetBy: 3)..<nameEnd])
            let list = line[open.upperBound..<close.lowerBound]
            let uses = list == "nothing" ? [] : Set(list.components(separatedBy: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) })
            #expect(targets[name] == nil, "\(name) is listed twice")
            targets[name] = uses
        }
        return targets
    }

    @Test func theReadmeListsEveryTargetWithWhatItUses() throws {
        let manifest = try Self.manifestTargets()
        let readme = try Self.readmeTargets()
        #expect(manifest.count > 20, "the manifest's targets were not found")
        #expect(Set(readme.keys) == Set(manifest.keys), "targets only in Package.swift: \(Set(manifest.keys).subtracting(readme.keys).sorted()); only in the README: \(Set(readme.keys).subtracting(manifest.keys).sorted())")
        for (name, uses) in manifest {
            guard let listed = readme[name] else { continue }
            #expect(listed == uses, "\(name): Package.swift uses \(uses.sorted()), the README says \(listed.sorted())")
        }
    }

    /// Nothing above `UserListPlatform` imports the C library: the OS has one owner.
    @Test func onlyThePlatformImportsTheCLibrary() throws {
        let sources = PackageRoot.file("Sources")
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            guard !relative.hasPrefix("UserListPlatform/") else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.contains("import Glibc") || text.contains("import Darwin") { found.append(relative) }
        }
        #expect(found.sorted() == [], "import Glibc/Darwin outside UserListPlatform")
    }
}
