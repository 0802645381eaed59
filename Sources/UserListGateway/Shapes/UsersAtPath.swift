import UserListDomain
@_spi(Pipeline) import UserListJSON
/// `--users-at PATH`: where the users are, given as a jq-style path (`.data.items`, `.results[0].people`),
/// for payloads the detection gets wrong. It replaces detection: every document must have an
/// array of users (or one user object) at that path.
public struct UsersAtPath: Hashable, Sendable, CustomStringConvertible {
    public let components: [JSONPathComponent]

    /// Parses `.`, `.a.b`, `."a key"`, `.a[0]`, `.[2].b`; a malformed path is a usage error.
    public init(parsing text: String) throws(UserlistError) {
        var parser = PathParser(text: Array(text.utf8))
        guard let components = parser.parse() else {
            throw UserlistError(.usage, Diagnostic(.usage, option: "--users-at", "'\(text)' is not a path like .data.items or .results[0].people"))
        }
        self.components = components
    }

    public var description: String { JSONPathLocator.describe(components) }
}

/// A tiny recursive-descent parser for the path subset `--users-at` takes.
private struct PathParser {
    let text: [UInt8]
    var i = 0

    mutating func parse() -> [JSONPathComponent]? {
        guard text.first == UInt8(ascii: ".") else { return nil }
        if text.count == 1 { return [] }
        var components: [JSONPathComponent] = []
        while i < text.count {
            if text[i] == UInt8(ascii: "[") {
                guard let index = bracketIndex() else { return nil }
                components.append(.index(index))
            } else if text[i] == UInt8(ascii: ".") {
                i += 1
                if i < text.count, text[i] == UInt8(ascii: "[") { continue }
                guard let key = key() else { return nil }
                components.append(.key(key))
            } else {
                return nil
            }
        }
        return components
    }

    private mutating func key() -> String? {
        if i < text.count, text[i] == UInt8(ascii: "\"") {
            i += 1
            let start = i
            while i < text.count, text[i] != UInt8(ascii: "\"") { i += 1 }
            guard i < text.count else { return nil }
            defer { i += 1 }
            return String(decoding: text[start..<i], as: UTF8.self)
        }
        let start = i
        while i < text.count, isIdentifierByte(text[i], first: i == start) { i += 1 }
        return i > start ? String(decoding: text[start..<i], as: UTF8.self) : nil
    }

    private mutating func bracketIndex() -> Int? {
        i += 1
        let start = i
        if i < text.count, text[i] == UInt8(ascii: "-") { i += 1 }
        while i < text.count, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
        guard i < text.count, text[i] == UInt8(ascii: "]"), let value = Int(String(decoding: text[start..<i], as: UTF8.self)) else { return nil }
        i += 1
        return value
    }

    private func isIdentifierByte(_ b: UInt8, first: Bool) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b >= 0x80 || (!first && b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }
}
