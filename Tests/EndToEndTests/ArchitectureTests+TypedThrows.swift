import Foundation
import Testing
import UserListTestSupport

/// Typed throws at every module boundary: a `public`, `package` or `open` function, initializer or
/// subscript (and every requirement of a public or package protocol) that throws says what it
/// throws — `throws(UserlistError)`, or its module's own typed error — and so does every closure
/// it takes, unless it `rethrows` that closure's error. An untyped `throws` there lets any error
/// cross the seam, to be caught as `any Error` and wrapped as text above it.
extension ArchitectureTests {
    /// The declarations that stay untyped, each with why. An entry is a file under `Sources/` and
    /// a piece of the declaration's text; one that matches nothing fails too, so the list only
    /// shrinks as the seams get typed.
    static let untypedThrowsAllowed: [(file: String, declaration: String, why: String)] = [
        // Foundation's Codable requirements are `throws` (any Error): a witness can't say more
        // and still be called through `Decoder`/`Encoder`, which throw `DecodingError` and friends.
        ("UserListDomain/User+Codable.swift", "init(from decoder: any Decoder) throws", "Decodable's requirement"),
        ("UserListDomain/User+Codable.swift", "func encode(to encoder: any Encoder) throws", "Encodable's requirement"),
        ("UserListGateway/DTO/DTO+Codable.swift", "init(from decoder: any Decoder) throws", "Decodable's requirement"),
        ("UserListGateway/DTO/DTOIdentifier+Codable.swift", "init(from decoder: any Decoder) throws", "Decodable's requirement"),
        ("UserListGateway/DTO/DTOIdentifier+Codable.swift", "func encode(to encoder: any Encoder) throws", "Encodable's requirement"),
    ]

    /// A declaration whose own `throws`, or a closure parameter's, is untyped: `file:line: text`.
    struct UntypedThrows: Hashable {
        var file: String
        var line: Int
        var declaration: String
    }

    /// The public, package and open declarations of `text` (a Swift file) that throw untyped.
    static func untypedThrows(in text: String, file: String) -> [UntypedThrows] {
        let lines = codeLines(text)
        var found: [UntypedThrows] = []
        // Braces open before each line, and the depths at which a public or package protocol or
        // extension opened: a requirement or member declared directly inside one is public.
        var depth = 0
        var publicScopes: [Int] = []
        let keyword = try! NSRegularExpression(pattern: #"(^|[\s)])(func|init[?!]?|subscript)\b\s*[<(`\w]"#)
        let access = try! NSRegularExpression(pattern: #"\b(public|package|open)\b"#)
        let narrower = try! NSRegularExpression(pattern: #"\b(private|fileprivate|internal)\b"#)
        let scope = try! NSRegularExpression(pattern: #"\b(public|package)\b[^{]*\b(protocol|extension)\b"#)
        func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool {
            pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for (index, line) in lines.enumerated() {
            if let match = keyword.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
               let range = Range(match.range(at: 2), in: line) {
                let modifiers = String(line[..<range.lowerBound])
                let inPublicScope = publicScopes.last.map { $0 + 1 == depth } ?? false
                let isPublic = matches(access, modifiers) || (inPublicScope && !matches(narrower, modifiers))
                if isPublic {
                    let signature = Self.signature(from: index, start: range.lowerBound, in: lines)
                    if Self.throwsUntyped(signature) {
                        found.append(UntypedThrows(file: file, line: index + 1, declaration: signature.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
                    }
                }
            }
            let opens = line.filter { $0 == "{" }.count
            let closes = line.filter { $0 == "}" }.count
            if opens > 0, matches(scope, line) { publicScopes.append(depth) }
            depth += opens - closes
            while let last = publicScopes.last, depth <= last { publicScopes.removeLast() }
        }
        return found
    }

    /// The file's lines with comments and the text of string literals taken out (a `throws` in a
    /// doc comment or a message is not a declaration's).
    static func codeLines(_ text: String) -> [String] {
        var lines: [String] = []
        var inMultilineString = false
        var inBlockComment = false
        for raw in text.components(separatedBy: "\n") {
            var line = ""
            var characters = raw[...]
            while let character = characters.first {
                if inBlockComment {
                    if characters.hasPrefix("*/") { inBlockComment = false; characters = characters.dropFirst(2) } else { characters = characters.dropFirst() }
                } else if inMultilineString {
                    if characters.hasPrefix("\"\"\"") { inMultilineString = false; line += "\"\""; characters = characters.dropFirst(3) } else { characters = characters.dropFirst() }
                } else if characters.hasPrefix("//") {
                    break
                } else if characters.hasPrefix("/*") {
                    inBlockComment = true
                    characters = characters.dropFirst(2)
                } else if characters.hasPrefix("\"\"\"") {
                    inMultilineString = true
                    characters = characters.dropFirst(3)
                } else if character == "\"" {
                    // A one-line string, escapes and all (an interpolation's parentheses go with it).
                    characters = characters.dropFirst()
                    while let next = characters.first, next != "\"" {
                        characters = characters.dropFirst(next == "\\" ? 2 : 1)
                    }
                    characters = characters.dropFirst()
                    line += "\"\""
                } else {
                    line.append(character)
                    characters = characters.dropFirst()
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// A declaration's text from its keyword to its body's `{` (or the end of a requirement).
    static func signature(from index: Int, start: String.Index, in lines: [String]) -> String {
        var text = ""
        var parentheses = 0
        var current = index
        var characters = lines[index][start...]
        while true {
            for character in characters {
                if character == "(" || character == "[" { parentheses += 1 }
                if character == ")" || character == "]" { parentheses -= 1 }
                if character == "{", parentheses == 0 { return text }
                text.append(character)
            }
            current += 1
            guard current < lines.count else { return text }
            let next = lines[current].trimmingCharacters(in: .whitespaces)
            let continues = ["throws", "rethrows", "->", "where", "async", ")"].contains { next.hasPrefix($0) }
            if parentheses == 0, !continues { return text }
            text += " "
            characters = lines[current][...]
        }
    }

    /// A `throws` not followed by its type; in a `rethrows` declaration only its own text outside
    /// the parameters counts (its closures' errors are the caller's).
    static func throwsUntyped(_ signature: String) -> Bool {
        let untyped = try! NSRegularExpression(pattern: #"\bthrows\b(?!\s*\()"#)
        var text = signature
        if signature.contains("rethrows"), let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close {
            text.replaceSubrange(open...close, with: "()")
        }
        return untyped.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func everyModuleBoundaryThrowsATypedError() throws {
        let found = try Self.sourceFiles().flatMap { Self.untypedThrows(in: $0.text, file: $0.path) }
        let allowed = Self.untypedThrowsAllowed
        // What must stay untyped is there to find: a scan that reads nothing finds less.
        #expect(found.count >= allowed.count, "the scan found too little to be reading Sources (\(found.count))")
        let unexplained = found.filter { site in !allowed.contains { site.file == $0.file && site.declaration.contains($0.declaration) } }
        #expect(unexplained.map { "\($0.file):\($0.line): \($0.declaration)" } == [],
                "untyped throws at a module boundary: say what it throws (throws(UserlistError), the module's own error, or rethrows), or add it to untypedThrowsAllowed with why")
        let stale = allowed.filter { entry in !found.contains { $0.file == entry.file && $0.declaration.contains(entry.declaration) } }
        #expect(stale.map { "\($0.file): \($0.declaration)" } == [], "untypedThrowsAllowed entries that match nothing any more: take them out")
    }

    /// The scan itself, on a file made for it: what it must find and what it must pass over.
    @Test func theTypedThrowsScanFindsWhatItShould() {
        let text = #"""
        public struct S {
            public func a() throws -> Int { 0 }
            package func b() throws(UserlistError) {}
            func c() throws {}
            private func d() throws {}
            package func e(_ body: (Int) throws -> Void) throws(UserlistError) {}
            public func f<R>(_ body: (Int) throws -> R) rethrows -> R { try body(0) }
            @_spi(Pipeline) public static func g(
                _ x: Int
            ) throws -> Int { x }
            public func h() { let s = "throws"; _ = s } // throws
            /// Throws nothing.
            package init() {}
            package init(_ x: Int) throws { self.init() }
        }
        public protocol P {
            func i() throws
            func j() throws(E)
        }
        protocol Q {
            func k() throws
        }
        package extension S {
            func l() throws {
                func local() throws {}
            }
            private func m() throws {}
        }
        """#
        let found = Self.untypedThrows(in: text, file: "X.swift").map { $0.line }
        #expect(found == [2, 6, 8, 14, 17, 24])
    }
}
