/// Where the page after this one is, as the payload (or its HTTP response) says: a URL or a
/// cursor, and what said so, for `--next`, `--summary` and `--explain`.
public struct NextPage: Hashable, Sendable {
    /// The next page's URL (`https://graph.microsoft.com/v1.0/users?$skiptoken=…`) or the value
    /// to ask for it with (a cursor, a page token, the last id, a page number).
    public var value: String
    /// Where it came from: `@odata.nextLink`, `response_metadata.next_cursor`, `Link header`,
    /// `has_more + last id`.
    public var source: String

    public init(value: String, source: String) {
        self.value = value
        self.source = source
    }
}

/// The next page of a run, filled by the Gateway as each input ends (the last input's last
/// document wins), read by the caller once reading has finished (as ``MappingExplanation``).
public final class PagingReport: @unchecked Sendable {
    public private(set) var next: NextPage?

    public init() {}

    /// An input ended; its last document said this (nil: the last page, or no paging at all).
    package func inputEnded(next: NextPage?) {
        self.next = next
    }
}
