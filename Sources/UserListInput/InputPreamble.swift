import UserListDomain
@_spi(Pipeline) import UserListJSON
/// What some inputs carry before their JSON, read and blanked at the start of the input (its
/// bytes become spaces, its line breaks stay, so every position after it is the file's own):
///
/// - the line an API puts before JSON against cross-site script inclusion: `)]}'` (Google's,
///   Angular's), `while(1);`, `for(;;);`;
/// - a `curl -i` (or `curl -iL`) response's status lines and headers: the last response's status
///   and its `Link: <…>; rel="next"` header are kept (``HTTPResponseHead``).
///
/// A UTF-8 byte order mark is dropped before, by the reader. The preamble is read from the
/// input's first chunk (4 MiB; headers are a few KiB), which the reader makes bigger while a
/// response's head goes on past its end (``endsInsideAResponseHead(_:)``), up to
/// ``largestHead``.
struct InputPreamble {
    /// The HTTP response the body came with, when the input is a `curl -i` transcript.
    var response: HTTPResponseHead?
    /// Bytes blanked at the start.
    var length = 0

    /// Guards against cross-site script inclusion, as APIs write them (each ends its line).
    static let scriptGuards: [[UInt8]] = [")]}'", "while(1);", "for(;;);"].map { Array($0.utf8) }

    /// The most a `curl -i` transcript's status lines and headers may take before its body.
    static let largestHead = 64 << 20

    /// Whether `bytes` (an input's start) end inside the status line or headers of an HTTP
    /// response: a `curl -i` transcript whose head is bigger than the chunk read so far.
    static func endsInsideAResponseHead(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while let head = HTTPResponseHead(bytes, from: offset) { offset = head.end }
        // `HTTP/1.1 `, `HTTP/2 `: a status line starts here, and no blank line ended its head.
        let rest = bytes[offset...]
        return rest.starts(with: "HTTP/".utf8) && rest.count > 5 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(rest[offset + 5])
    }

    /// Reads the preamble at the start of `bytes`, if any.
    init(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while let head = HTTPResponseHead(bytes, from: offset) {
            response = head
            offset = head.end
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        if let guardLine = Self.scriptGuards.first(where: { rest.starts(with: $0) }) {
            // The rest of its line (`)]}',` has a comma) goes with it.
            let afterGuard = offset + guardLine.count
            offset = bytes[afterGuard...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
        }
        length = offset
    }
}

/// One HTTP response's status line and headers, as `curl -i` prints them before the body
/// (`HTTP/1.1 200 OK`, `HTTP/2 404`, headers, a blank line).
package struct HTTPResponseHead: Sendable {
    package var status: Int
    package var reason: String
    /// The `Link` header's `rel="next"` target (GitHub, GitLab, Okta page this way).
    package var nextLink: String?
    /// The `Location` header, where a redirect points.
    package var location: String?
    /// Where the body starts (after the blank line).
    package var end: Int

    /// The head at `offset` of `bytes`, when a whole one is there.
    package init?(_ bytes: UnsafeRawBufferPointer, from offset: Int) {
        guard bytes.count - offset > 9, bytes[offset...].starts(with: "HTTP/".utf8) else { return nil }
        var lines: [Substring] = []
        var lineStart = offset
        var end: Int?
        while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = String(decoding: bytes[lineStart..<newline], as: UTF8.self)[...]
            if line.last == "\r" { line = line.dropLast() }
            lineStart = newline + 1
            if line.isEmpty { end = lineStart; break }
            lines.append(line)
        }
        guard let end, let statusLine = lines.first else { return nil }
        // `HTTP/1.1 200 OK`, `HTTP/2 200`
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, let status = Int(parts[1]), (100...599).contains(status) else { return nil }
        self.status = status
        self.end = end
        let given = parts.count > 2 ? parts[2].trimmingSpaces : ""
        reason = given.isEmpty ? Self.reasons[status] ?? "" : given
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...]
            switch line[..<colon].lowercased() {
            case "link": if let next = Self.nextLink(in: value) { nextLink = next }
            case "location": location = value.trimmingSpaces
            default: break
            }
        }
    }

    /// A 4xx or 5xx (or a redirect left unfollowed): the body is no page of users.
    package var isError: Bool { status >= 300 }

    /// `<https://api.github.com/user/repos?page=3>; rel="next", <…>; rel="last"` → the next's URL.
    /// A URL is everything between `<` and `>`, commas and semicolons included (RFC 8288:
    /// `…?fields=id,login&page=2`); a link's parameters run to the next comma outside quotes.
    static func nextLink(in header: Substring) -> String? {
        var rest = header[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = rest[rest.index(after: open)..<close]
            var end = rest.index(after: close)
            var quoted = false
            while end < rest.endIndex, quoted || rest[end] != "," {
                if rest[end] == "\"" { quoted.toggle() }
                end = rest.index(after: end)
            }
            let isNext = rest[rest.index(after: close)..<end].split(separator: ";").contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "rel" else { return false }
                let value = pair[1].trimmingSpaces.trimmingCharacters("\"")
                return value.split(separator: " ").contains { $0.lowercased() == "next" }
            }
            if isNext { return String(target) }
            rest = rest[end...]
        }
        return nil
    }

    /// What `curl -i` shows of HTTP/2, which has no reason phrase.
    static let reasons: [Int: String] = [
        200: "OK", 201: "Created", 204: "No Content", 301: "Moved Permanently", 302: "Found", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 409: "Conflict", 410: "Gone", 422: "Unprocessable Content",
        429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout",
    ]
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    fileprivate func trimmingCharacters(_ character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
