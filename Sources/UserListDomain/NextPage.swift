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
/// Inputs end one at a time, in order, on the thread that reads them in order.
public final class PagingReport: @unchecked Sendable {
    /// The last input's: what `--next` and `--summary` give.
    public private(set) var next: NextPage?
    /// Each input's, in the order they were read (an input named twice is here twice): what
    /// `--explain` shows, one line an input.
    public private(set) var inputs: [(input: String, next: NextPage?)] = []

    public init() {}

    /// Input `name` ended; its last document said this (nil: the last page, or no paging at all).
    package func inputEnded(_ name: String, next: NextPage?) {
        self.next = next
        inputs.append((name, next))
    }
}
