import UserListDomain
@_spi(Pipeline) import UserListJSON

/// Paging by what its keys' names say, for the envelopes ``NextPageFinder``'s named paths miss:
/// a flag (`moreDataAvailable`, `has_more_results`, `isLastPage`), a next page (`nextPageId`,
/// OData v2's `__next`, `next_page_link`, `next_offset`, a `links` list's `rel: next`) or a
/// cursor (`cursor`, `endingCursor`).
/// Looked for in the document, the object holding the users, and the objects beside them that
/// hold paging (`meta`, `metadata`, `pagination`, `paging`, `page_info`, Gong's `records`, and a
/// `pagination` inside them), never in a user.
struct PagingFields {
    /// What the flags say: true, more follow; false, this is the last page; nil, no flag.
    private(set) var more: Bool?
    /// Values under a name that starts with `next` (not a sync token or a date), in order.
    private var nexts: [(path: String, value: String)] = []
    /// Cursors: `cursor` itself, and names with `cursor` in them (`endingCursor`).
    private var cursors: [(path: String, value: String, bare: Bool)] = []

    /// The keys of the objects paging lives in.
    private static let holders: Set<String> = [
        "meta", "metadata", "_metadata", "pagination", "_pagination", "paging", "page_info", "pageinfo", "records",
        "response_metadata", "responsemetadata", "list_metadata", "page", "links", "_links", "cursor",
    ]

    init(in places: [JSONNode]) {
        for place in places { read(place, prefix: "", depth: 0) }
    }

    private mutating func read(_ object: JSONNode, prefix: String, depth: Int) {
        guard object.kind == .object else { return }
        object.forEachField { keyBytes, value in
            let key = String(decoding: keyBytes, as: UTF8.self)
            let name = Self.normalized(key)
            let path = prefix + key
            switch value.kind {
            case .object:
                if depth < 2, Self.holders.contains(key.lowercased()) { read(value, prefix: path + ".", depth: depth + 1) }
            case .array where name == "links" || name == "link":
                // Clever's `links: [{"rel": "next", "uri": …}]`, as an HTTP Link header lists them.
                value.forEachElement { link in
                    guard link.kind == .object, link.field("rel")?.string?.lowercased() == "next" else { return }
                    for key: StaticString in ["uri", "href", "url"] {
                        if let url = link.field(key).flatMap(NextPageFinder.text) { nexts.append((path + "[rel=next]." + "\(key)", url)); return }
                    }
                }
            case .bool:
                flag(value.bool!, named: name)
            case .string, .number:
                // A flag in text (`"has_more": "false"`) is a flag all the same.
                if let text = value.string, text == "true" || text == "false", Self.isFlag(name) {
                    flag(text == "true", named: name)
                    return
                }
                guard let text = NextPageFinder.text(value) else { return }
                if name.hasPrefix("next"), !name.contains("sync"), !name.contains("date"), !name.contains("time"), !name.hasSuffix("at") {
                    nexts.append((path, text))
                } else if name.contains("cursor"), !name.contains("prev"), !name.contains("before"), !name.contains("start") {
                    cursors.append((path, text, name == "cursor"))
                }
            default:
                break
            }
        }
    }

    private static let lastPageFlags: Set<String> = ["islastpage", "lastpage", "islast", "last", "done", "endofresults", "isfinalpage"]

    private static func isFlag(_ name: String) -> Bool {
        name.contains("more") || name.hasPrefix("hasnext") || name == "nextpageexists" || lastPageFlags.contains(name)
    }

    private mutating func flag(_ value: Bool, named name: String) {
        guard Self.isFlag(name) else { return }
        more = (more ?? false) || (Self.lastPageFlags.contains(name) ? !value : value)
    }

    /// The next page: a `next…` value, else a cursor beside a flag that more follow, or a lone
    /// `cursor` with no flag at all (Square, Dialpad, Miro, Gong give one only while more follow).
    func next(more: Bool?) -> NextPage? {
        if more == false { return nil }
        if let first = nexts.first { return NextPage(value: first.value, source: first.path) }
        if more == true, let first = cursors.first { return NextPage(value: first.value, source: first.path + ", more follow") }
        if more == nil, let bare = cursors.first(where: \.bare) { return NextPage(value: bare.value, source: bare.path) }
        return nil
    }

    /// A key's letters and digits in lower case: `has_more_items`, `hasMoreItems`, `HAS-MORE-ITEMS`
    /// are `hasmoreitems`.
    private static func normalized(_ key: String) -> String {
        String(String.UnicodeScalarView(key.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })).lowercased()
    }
}
