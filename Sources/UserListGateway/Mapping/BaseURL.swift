/// `--base-url`: the absolute `http`/`https` URL a payload's relative URLs are resolved against
/// (an avatar at `/user_avatar/…`, a next page at `/api/v2/users?page=3`), as a browser resolves
/// them against the page (RFC 3986 §5.2, for references that start with `/`, `./` or `../`).
public struct BaseURL: Hashable, Sendable, CustomStringConvertible {
    /// `https://forum.example.org`: scheme and authority, no trailing `/`.
    let origin: String
    /// The path, from its `/` (`/` when there is none); its query and fragment are dropped.
    let path: String

    /// Nil unless `text` is an absolute `http` or `https` URL with a host.
    public init?(_ text: String) {
        let lower = text.lowercased()
        guard let schemeEnd = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : nil else { return nil }
        let rest = text.dropFirst(schemeEnd)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.isEmpty, !authority.contains(where: \.isWhitespace) else { return nil }
        origin = String(text.prefix(schemeEnd)) + authority
        let afterAuthority = rest[authorityEnd...]
        let pathEnd = afterAuthority.firstIndex { $0 == "?" || $0 == "#" } ?? afterAuthority.endIndex
        let path = afterAuthority[..<pathEnd]
        self.path = path.isEmpty ? "/" : String(path)
    }

    public var description: String { origin + path }

    /// `reference` (which starts with `/`, `./` or `../`) made absolute.
    public func resolve(_ reference: String) -> String {
        if reference.hasPrefix("/") { return origin + Self.removingDotSegments(reference) }
        // Merged with the base's directory: everything up to its last `/`.
        let directory = path[...(path.lastIndex(of: "/") ?? path.startIndex)]
        return origin + Self.removingDotSegments(directory + reference)
    }

    /// RFC 3986 §5.2.4, on the path only (the query after `?` is kept as it is).
    private static func removingDotSegments(_ target: String) -> String {
        let queryStart = target.firstIndex { $0 == "?" || $0 == "#" } ?? target.endIndex
        var output: [Substring] = []
        let segments = target[..<queryStart].split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            switch segment {
            case ".": if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default: output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/") + target[queryStart...]
    }
}
