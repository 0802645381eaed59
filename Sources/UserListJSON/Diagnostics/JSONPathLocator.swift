/// Finds the byte offset of the value at a JSON path in a document, and spells paths in jq syntax.
///
/// Used to say where a bad record sits, e.g. `users.json:14:5 (.users[3])`: the offset goes to
/// `TextPosition`, the path to `describe(_:)`. The document is expected to be valid (simdjson
/// parsed it); on malformed bytes the locator returns nil rather than trapping.
///
/// Semantics follow jq: keys are compared after unescaping, byte for byte as UTF-8; when an object
/// repeats a key the last one wins; a negative index counts from the end of the array. A key
/// step on an array, an index step on an object, or a missing member gives nil.
///
/// Skipping a value counts brackets instead of recursing, so deep nesting is safe.
public enum JSONPathLocator {
    /// The offset of the first byte of the value at `path` in the document whose first byte
    /// (or leading white space) is at `start`, or nil when there is no such value.
    public static func offset(
        of path: [JSONPathComponent],
        inDocumentAt start: Int,
        in bytes: UnsafeRawBufferPointer
    ) -> Int? {
        offsets(of: [path], inDocumentAt: start, in: bytes)[0]
    }

    /// The offsets of many paths in one document, in the order of `paths`, reading each container
    /// they pass through once.
    ///
    /// Prefer this when reporting several records of one document (`.users[3]`, `.users[917]`):
    /// asking for them one at a time would re-read the array from its start for each.
    public static func offsets(
        of paths: [[JSONPathComponent]],
        inDocumentAt start: Int,
        in bytes: UnsafeRawBufferPointer
    ) -> [Int?] {
        var results = [Int?](repeating: nil, count: paths.count)
        guard start >= 0, start <= bytes.count else { return results }
        var root = start
        skipWhitespace(bytes, &root)
        guard root < bytes.count else { return results }

        // Work items: the paths (by index) that pass through the value at `offset`, `depth` steps in.
        var work: [(paths: [Int], depth: Int, offset: Int)] = [(Array(paths.indices), 0, root)]
        while let (group, depth, offset) = work.popLast() {
            var next: [JSONPathComponent: [Int]] = [:]
            for index in group {
                if paths[index].count == depth {
                    results[index] = offset
                } else {
                    next[paths[index][depth], default: []].append(index)
                }
            }
            guard !next.isEmpty else { continue }
            let children = childOffsets(Array(next.keys), inContainerAt: offset, bytes)
            for (component, members) in next {
                if let child = children[component] {
                    work.append((members, depth + 1, child))
                }
            }
        }
        return results
    }

    /// The path in jq syntax: `.users[3]`, `.data.items[0]`, `."weird key"[2]`, `.[0]`, or `.` for the root.
    ///
    /// Keys that are not plain identifiers, and jq's keywords (which jq 1.6 will not take after a
    /// dot), are written as quoted strings so the result can be pasted back into jq.
    public static func describe(_ path: [JSONPathComponent]) -> String {
        guard !path.isEmpty else { return "." }
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                text += "."
                text += isPlainIdentifier(key) ? key : JSONStringLiteral.quoted(key)
            case .index(let index):
                // `[3]` alone would be an array constructor in jq; the root needs its dot.
                if text.isEmpty { text = "." }
                text += "[\(index)]"
            }
        }
        return text
    }

    // MARK: - Walking containers

    /// For one object or array at `offset`, the value offsets of those of `wanted` it holds.
    private static func childOffsets(
        _ wanted: [JSONPathComponent],
        inContainerAt offset: Int,
        _ bytes: UnsafeRawBufferPointer
    ) -> [JSONPathComponent: Int] {
        guard offset < bytes.count else { return [:] }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            return memberOffsets(wanted, inObjectAt: offset, bytes)
        case UInt8(ascii: "["):
            return elementOffsets(wanted, inArrayAt: offset, bytes)
        default:
            return [:]
        }
    }

    private static func memberOffsets(
        _ wanted: [JSONPathComponent],
        inObjectAt offset: Int,
        _ bytes: UnsafeRawBufferPointer
    ) -> [JSONPathComponent: Int] {
        var keys: [(utf8: [UInt8], component: JSONPathComponent)] = []
        for component in wanted {
            if case .key(let key) = component { keys.append((Array(key.utf8), component)) }
        }
        var found: [JSONPathComponent: Int] = [:]
        guard !keys.isEmpty else { return found }

        var i = offset + 1
        var key: [UInt8] = []  // reused for every member, so unescaping allocates once
        skipWhitespace(bytes, &i)
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { return found }
        while true {
            key.removeAll(keepingCapacity: true)
            guard decodeString(bytes, &i, into: &key) else { return found }
            skipWhitespace(bytes, &i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return found }
            i += 1
            skipWhitespace(bytes, &i)
            for candidate in keys where candidate.utf8 == key {
                found[candidate.component] = i  // a later duplicate overwrites: last wins, as in jq
            }
            guard skipValue(bytes, &i) else { return found }
            skipWhitespace(bytes, &i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return found }
            i += 1
            skipWhitespace(bytes, &i)
        }
    }

    private static func elementOffsets(
        _ wanted: [JSONPathComponent],
        inArrayAt offset: Int,
        _ bytes: UnsafeRawBufferPointer
    ) -> [JSONPathComponent: Int] {
        var indices: Set<Int> = []
        var fromEnd = false
        for component in wanted {
            if case .index(let index) = component {
                indices.insert(index)
                if index < 0 { fromEnd = true }
            }
        }
        var found: [JSONPathComponent: Int] = [:]
        guard !indices.isEmpty else { return found }
        let last = indices.max()!

        // Negative indices need the element count, so then every element's offset is kept.
        var all: [Int] = []
        var i = offset + 1
        var index = 0
        skipWhitespace(bytes, &i)
        if i < bytes.count, bytes[i] != UInt8(ascii: "]") {
            while true {
                if indices.contains(index) { found[.index(index)] = i }
                if fromEnd { all.append(i) } else if index == last { break }
                guard skipValue(bytes, &i) else { break }
                skipWhitespace(bytes, &i)
                guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { break }
                i += 1
                skipWhitespace(bytes, &i)
                index += 1
            }
        }
        for wantedIndex in indices where wantedIndex < 0 && -wantedIndex <= all.count {
            found[.index(wantedIndex)] = all[all.count + wantedIndex]
        }
        return found
    }

    // MARK: - Skipping

    /// Moves `i` past the value starting at `i`; false when the bytes are not a value.
    private static func skipValue(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: "\""):
            return skipString(bytes, &i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // The document is valid, so matching brackets is enough; strings may hold brackets.
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard skipString(bytes, &i) else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        i += 1
                        return true
                    }
                default:
                    break
                }
                i += 1
            }
            return false
        default:
            // A number or literal runs to the next delimiter.
            let start = i
            while i < bytes.count, !isDelimiter(bytes[i]) { i += 1 }
            return i > start
        }
    }

    /// Moves `i` from an opening quote to just past the closing one.
    private static func skipString(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        i += 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                return true
            case UInt8(ascii: "\\"):
                i += 2
            default:
                i += 1
            }
        }
        return false
    }

    /// Reads the string whose opening quote is at `i` and appends its unescaped UTF-8 to `out`.
    private static func decodeString(_ bytes: UnsafeRawBufferPointer, _ i: inout Int, into out: inout [UInt8]) -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return false }
        i += 1
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                i += 1
                return true
            }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { return false }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hexQuad(bytes, at: i) else { return false }
                i += 4
                var scalar = UInt32(unit)
                if (0xD800..<0xDC00).contains(unit),
                    i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                    let low = hexQuad(bytes, at: i + 2), (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    i += 6
                }
                // A lone surrogate has no UTF-8 form; jq reads it as U+FFFD, so match that.
                out.append(contentsOf: (Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
            default:
                out.append(escape)  // `\"`, `\\`, `\/` stand for themselves
            }
        }
        return false
    }

    private static func hexQuad(_ bytes: UnsafeRawBufferPointer, at i: Int) -> UInt16? {
        guard i + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for k in i..<(i + 4) {
            let byte = bytes[k]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): i += 1
            default: return
            }
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"),
            UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
            return true
        default:
            return false
        }
    }

    // MARK: - Describing

    /// jq's keywords; jq 1.6 rejects them after a dot (`.if`), so they are quoted.
    private static let keywords: Set<String> = [
        "__loc__", "and", "as", "catch", "def", "elif", "else", "end", "foreach", "if",
        "import", "include", "label", "not", "or", "reduce", "then", "try",
    ]

    /// An ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`) that jq reads after a dot as a field name.
    private static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !keywords.contains(key) else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
        }
        return isLetter(first) && key.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
