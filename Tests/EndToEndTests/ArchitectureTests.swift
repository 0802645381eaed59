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
            let end = Self.end(of: text, from: call.upperBound, opening: "(", closing: ")")
            let body = String(text[call.upperBound..<end])
            guard let name = Self.firstQuoted(after: "name:", in: body) else { index = end; continue }
            var uses: Set<String> = []
            if let list = body.range(of: "dependencies: [") {
                let dependencies = String(body[list.upperBound..<Self.end(of: body, from: list.upperBound, opening: "[", closing: "]")])
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

    /// Just past the `closing` that closes a bracket opened just before `start`, brackets inside paired.
    private static func end(of text: String, from start: String.Index, opening: Character, closing: Character) -> String.Index {
        var depth = 1
        var end = start
        while depth > 0, end < text.endIndex {
            if text[end] == opening { depth += 1 } else if text[end] == closing { depth -= 1 }
            end = text.index(after: end)
        }
        return end
    }

    /// Every Swift file under `Sources/`, by its path there, with its text.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        let sources = PackageRoot.file("Sources")
        var found: [(path: String, text: String)] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            found.append((String(file.path.dropFirst(sources.path.count + 1)), try String(contentsOf: file, encoding: .utf8)))
        }
        return found
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

    /// Rules of the layers, over what each target reaches through its dependencies (the manifest
    /// alone would let a layer reach past the one below it): the shared data structures know no
    /// layer; reading bytes knows nothing of payload shapes or jq; the business rules, the list's
    /// logic and the rendering see records through the domain's source seam, never the Gateway or
    /// the bytes; nothing below the composition root reaches up into a layer that uses it.
    static let unreachable: [(from: [String], never: [String])] = [
        (["UserListCollections"], ["UserListDomain", "UserListJSON", "UserListInput", "UserListGateway", "UserListJQ", "UserListService", "UserListViewModel", "UserListRendering", "UserListDiff", "UserListKit"]),
        (["UserListDomain"], ["UserListJSON", "UserListInput", "UserListGateway", "UserListJQ", "UserListService", "UserListViewModel", "UserListRendering", "UserListDiff"]),
        (["UserListInput"], ["UserListGateway", "UserListJQ", "UserListPredicate", "UserListService", "UserListViewModel", "UserListRendering", "UserListDiff", "UserListKit"]),
        (["UserListGateway"], ["UserListService", "UserListViewModel", "UserListRendering", "UserListDiff", "UserListKit"]),
        (["UserListService", "UserListViewModel", "UserListDiff", "UserListRendering"], ["UserListInput", "UserListGateway", "UserListKit", "CZlib", "CZstd", "CLzma", "CBzip2"]),
    ]

    @Test func noLayerReachesPastItsRules() throws {
        let manifest = try Self.manifestTargets()
        func reached(from name: String) -> Set<String> {
            var seen: Set<String> = []
            var stack = Array(manifest[name] ?? [])
            while let next = stack.popLast() {
                if seen.insert(next).inserted { stack += manifest[next] ?? [] }
            }
            return seen
        }
        for rule in Self.unreachable {
            for from in rule.from {
                #expect(manifest[from] != nil, "\(from) is not a target of Package.swift")
                let wrong = reached(from: from).intersection(rule.never)
                #expect(wrong.isEmpty, "\(from) reaches \(wrong.sorted()) through its dependencies")
            }
        }
    }

    /// Every module a target's files import, of the package's own, is one it names in
    /// `dependencies:`: SwiftPM lets a file import a module its target only reaches through
    /// another, which hides a wrong-way use from the manifest (and from the rules above).
    @Test func targetsImportOnlyWhatTheyDeclare() throws {
        let manifest = try Self.manifestTargets()
        var undeclared: [String] = []
        for (name, uses) in manifest {
            for folder in ["Sources", "Tests"] {
                let directory = PackageRoot.file("\(folder)/\(name)")
                guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { continue }
                while let file = files.nextObject() as? URL {
                    guard file.pathExtension == "swift" else { continue }
                    let text = try String(contentsOf: file, encoding: .utf8)
                    for line in text.split(separator: "\n") where line.contains("import ") {
                        let words = line.split(separator: " ")
                        guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                              words[..<at].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                        let module = String(words[at + 1])
                        if module != name, manifest[module] != nil, !uses.contains(module) {
                            undeclared.append("\(folder)/\(name)/\(file.lastPathComponent) imports \(module)")
                        }
                    }
                }
            }
        }
        #expect(undeclared.sorted() == [], "imports of targets not in the importer's dependencies")
    }

    /// Tests mirror modules: every Swift module of `Sources/` has a test target named after it
    /// (`UserListGateway` → `UserListGatewayTests`), so a change to one runs its own tests first.
    /// The executable is tested as a user runs it, by `EndToEndTests`.
    @Test func everyModuleHasItsOwnTestTarget() throws {
        let manifest = try Self.manifestTargets()
        let modules = try FileManager.default.contentsOfDirectory(atPath: PackageRoot.file("Sources").path)
            .filter { manifest[$0] != nil && !$0.hasPrefix("C") && $0 != "userlist" }
        #expect(modules.count > 10, "the modules under Sources/ were not found")
        let missing = modules.filter { manifest[$0 + "Tests"] == nil }
        #expect(missing.sorted() == [], "modules without a test target of their own")
        #expect(manifest["EndToEndTests"]?.contains("userlist") == true)
    }

    /// Nothing above `UserListPlatform` imports the C library: the OS has one owner, also for
    /// the tests and the fuzz targets (what a test needs of the OS that Foundation has no
    /// natural call for, a named pipe, a forked child, POSIX threads, a crash signal's note, is
    /// `package` API of UserListPlatform). An import is a line that starts with it, attributes
    /// aside, so this test's own strings are not one.
    @Test func onlyThePlatformImportsTheCLibrary() throws {
        var found: [String] = []
        for folder in ["Sources", "Tests", "Fuzz"] {
            let directory = PackageRoot.file(folder)
            guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { continue }
            while let file = files.nextObject() as? URL {
                let path = folder + "/" + file.path.dropFirst(directory.path.count + 1)
                guard file.pathExtension == "swift", !path.hasPrefix("Sources/UserListPlatform/") else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                          words[..<at].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                    if ["Glibc", "Darwin"].contains(words[at + 1]) { found.append(path) }
                }
            }
        }
        #expect(found.sorted() == [], "import Glibc/Darwin outside UserListPlatform")
    }
}
