import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Where an envelope says its next page is, by the names APIs give it, not by API:
///
/// 1. a URL: `@odata.nextLink`, `next`, `next_url`, `next_page_url`, `nextRecordsUrl`
///    (Salesforce), `next_page_uri` (Twilio), `next_page` (a URL, or an
///    object with one: Asana's `{uri, path, offset}`), `links.next` (JSON:API), `_links.next.href`
///    (HAL), `paging.next` (Facebook's URL, HubSpot's `{after, link}`), `pagination.next`, …;
/// 2. a cursor: `next_cursor`, `response_metadata.next_cursor` (Slack), `meta.after_cursor`,
///    `paging.next.after`, `pages.next.starting_after` (Intercom), `nextPageToken` (Google),
///    `next_page_token` (Zoom), `PaginationToken` (Cognito), `NextToken`, `next_token` (Synapse),
///    `continuationToken`, `next_marker` (Box), `list_metadata.after` (WorkOS),
///    `additional_data.next_cursor` (Pipedrive), `nextPaginationToken` (SuperTokens),
///    `responseMetaData.nextCursor` (LINE WORKS), `nextResults` (FusionAuth), `next_offset`
///    (Chargebee), an `offset` that is text (Airtable's); and, only
///    beside a flag that says more follow, `cursor` (Dropbox), `page_token` (Feishu/Lark),
///    `meta.end_cursor` (Factorial), `pagination.continuation` (Eventbrite),
///    `Marker` (AWS's `IsTruncated`), `vid-offset` (HubSpot's `has-more`), a GraphQL
///    connection's `pageInfo.endCursor` (`hasNextPage`);
/// 3. a flag that more follow (`has_more`, `hasMore`, `has-more`) and nothing else, in a list
///    that says it is one (`"object": "list"`): the last record's id, to start after (Stripe's
///    `starting_after`); elsewhere a bare flag gives no next page (Stack Exchange pages by number);
/// 4. counts, in the document or its `meta.pagination`, `pagination`, `meta`, `page_info` (as
///    numbers or as text): `page` of `total_pages`/`pageCount`, SCIM's `startIndex` +
///    `itemsPerPage` of `totalResults`, `skip` + `limit` of `total`, `offset` + `limit` of
///    `total_count` (Box): the next page's number, start index, skip or offset.
///
/// A flag that says no more follow (`has_more: false`, `hasNextPage: false`, `IsTruncated: false`,
/// Vercel's `pagination.hasNext`, Paddle's `meta.pagination.has_more`, Zoho's `info.more_records`)
/// wins over any cursor; an empty or `null` value is none. The keys are looked for in the
/// document and in the object that holds the users (a GraphQL connection, a nested envelope).
enum NextPageFinder {
    static let urlPaths: [[String]] = [
        ["@odata.nextLink"], ["next"], ["next_url"], ["nextUrl"], ["next_page_url"], ["nextPageUrl"], ["next_link"], ["nextLink"],
        ["next_page"], ["nextPage"], ["next_href"], ["links", "next"], ["_links", "next"], ["paging", "next"],
        ["pagination", "next"], ["pagination", "next_url"], ["pagination", "nextUrl"], ["pagination", "next_page_url"],
        ["meta", "next"], ["meta", "links", "next"], ["meta", "next_page_url"], ["meta", "pagination", "links", "next"],
        ["meta", "pagination", "next_url"], ["meta", "pagination", "next"], ["pagination", "next_page"], ["_pagination", "next"],
        ["nextRecordsUrl"], ["next_page_uri"], ["nextPageUri"], ["pagination", "next_link"], ["navigation", "nextPage", "uri"],
    ]
    static let cursorPaths: [[String]] = [
        ["next_cursor"], ["nextCursor"], ["response_metadata", "next_cursor"], ["meta", "next_cursor"], ["meta", "nextCursor"],
        ["meta", "after_cursor"], ["results_metadata", "next_cursor"], ["pagination", "next_cursor"], ["pagination", "nextCursor"],
        ["pagination", "cursor"], ["paging", "next", "after"], ["pages", "next", "starting_after"],
        ["nextPageToken"], ["next_page_token"], ["PaginationToken"], ["paginationToken"], ["NextToken"], ["nextToken"], ["next_token"],
        ["continuationToken"], ["continuation_token"], ["NextMarker"], ["nextMarker"], ["next_marker"],
        ["list_metadata", "after"], ["additional_data", "next_cursor"],
        ["nextPaginationToken"], ["responseMetaData", "nextCursor"], ["nextResults"], ["next_offset"], ["pagination", "after_cursor"],
    ]
    /// Cursors that are one only as text: Airtable's `offset` is there only while more follow,
    /// where offset paging's number is there on every page.
    static let textCursorPaths: [[String]] = [["offset"]]
    /// Cursors that name the next page only when a flag says more follow (they are there on the
    /// last page too, or name the current one).
    static let flaggedCursorPaths: [[String]] = [
        ["cursor"], ["Marker"], ["marker"], ["vid-offset"], ["vidOffset"], ["offset-token"], ["pageInfo", "endCursor"],
        ["additional_data", "pagination", "next_start"], ["page_token"], ["meta", "end_cursor"], ["pagination", "continuation"],
    ]
    /// Flags that more follow (true) or not (false).
    static let moreFlags: [[String]] = [
        ["has_more"], ["hasMore"], ["has-more"], ["HasMore"], ["more"], ["IsTruncated"], ["isTruncated"], ["truncated"],
        ["pageInfo", "hasNextPage"], ["meta", "has_more"], ["meta", "hasMore"], ["pagination", "has_more"], ["pagination", "hasMore"],
        ["additional_data", "pagination", "more_items_in_collection"],
        ["hasNext"], ["has_next"], ["has_next_page"], ["hasNextPage"], ["pagination", "hasNext"], ["pagination", "has_next"],
        ["meta", "pagination", "has_more"], ["meta", "pagination", "hasMore"], ["meta", "has_next_page"], ["meta", "hasNextPage"],
        ["info", "more_records"], ["pagination", "has_more_items"],
    ]
    /// Where a URL sits in an object that stands for a link (`{"href"}`, HubSpot's `{"link"}`).
    static let linkKeys: [StaticString] = ["href", "link", "url", "uri", "path"]

    /// A path of keys, with its keys' bytes made once, and its first key's bit in ``firstKeys``.
    struct KeyPath {
        let keys: [String]
        let bytes: [[UInt8]]
        let first: Int
    }

    private static let basePaths: [[String]] = [["_links", "base"], ["links", "base"]]

    /// Every path's first key, by bit: a place's keys are read once, and only the paths whose
    /// first key is there are followed (asked of every envelope, so of every page of an export).
    private static let firstKeyNames: [String] = {
        var names: [String] = []
        for path in urlPaths + cursorPaths + textCursorPaths + flaggedCursorPaths + moreFlags + basePaths where !names.contains(path[0]) { names.append(path[0]) }
        precondition(names.count <= 128)
        return names
    }()
    private static let firstKeys = KeyTable(firstKeyNames.enumerated().map { KeyTable.Key(level: 0, key: $1, slot: $0) })

    private static func compiled(_ paths: [[String]]) -> [KeyPath] {
        paths.map { KeyPath(keys: $0, bytes: $0.map { Array($0.utf8) }, first: firstKeyNames.firstIndex(of: $0[0])!) }
    }

    private static let urls = compiled(urlPaths)
    private static let cursors = compiled(cursorPaths)
    private static let textCursors = compiled(textCursorPaths)
    private static let flaggedCursors = compiled(flaggedCursorPaths)
    private static let flags = compiled(moreFlags)
    private static let bases = compiled(basePaths)

    /// An object looked in, and which first keys it has.
    private struct Place {
        let node: JSONNode
        let present: UInt128

        init(_ node: JSONNode) {
            self.node = node
            var present: UInt128 = 0
            node.forEachField { key, _ in
                if let entry = NextPageFinder.firstKeys.find(key) { present |= 1 << UInt128(entry.slot) }
            }
            self.present = present
        }

        func value(at path: KeyPath) -> JSONNode? {
            guard present & (1 << UInt128(path.first)) != 0 else { return nil }
            var current = node
            for key in path.bytes {
                guard current.kind == .object, let next = current.field(bytes: key) else { return nil }
                current = next
            }
            return current
        }
    }

    /// The next page of `document`, whose users are `users` (the last one gives the id after
    /// which a `has_more` page goes on), held by `container` when that is not the document.
    static func find(in document: JSONNode, container: JSONNode?, users: JSONNode?, lastID: (JSONNode) -> String?) -> NextPage? {
        var places = [Place(document)]
        if let container, container.index != document.index, container.kind == .object { places.append(Place(container)) }
        let named = PagingFields(in: places.map(\.node))
        // MediaWiki's `"continue": {"aufrom": "Ahmad_Shah", "continue": "-||"}`: the list's own
        // continuation (the parameter to send back), not the generic `continue` marker.
        if named.more != false, let continuation = document.field("continue"), continuation.kind == .object {
            var found: NextPage?
            continuation.forEachField { key, value in
                let name = String(decoding: key, as: UTF8.self)
                if found == nil, name != "continue", let text = value.string, !text.isEmpty {
                    found = NextPage(value: text, source: "continue.\(name)")
                }
            }
            if let found { return found }
        }
        guard places.contains(where: { $0.present != 0 }) else {
            return named.more == false ? nil : named.next(more: named.more) ?? counted(in: places)
        }
        var more: Bool?
        for place in places {
            for path in flags {
                if let flag = place.value(at: path)?.bool { more = (more ?? false) || flag }
            }
        }
        if more == nil { more = named.more }
        if more == false { return nil }
        for place in places {
            for path in urls {
                guard let node = place.value(at: path), let url = text(node) ?? link(in: node) else { continue }
                // A path the payload says how to complete (Atlassian's `_links.base` + `_links.next`):
                // Confluence v1's `/rest/api/…` goes after its base `…/wiki`, v2's `/wiki/api/…`
                // already starts with the base's path, so it goes after the base's host.
                if url.hasPrefix("/"), let base = places.lazy.compactMap(baseURL).first {
                    return NextPage(value: Self.joined(base.value, url), source: describe(path.keys) + " after " + base.source)
                }
                return NextPage(value: url, source: describe(path.keys))
            }
        }
        for place in places {
            for path in cursors + (more == true ? flaggedCursors : []) {
                if let node = place.value(at: path), let cursor = text(node) { return NextPage(value: cursor, source: describe(path.keys)) }
            }
            for path in textCursors {
                // A number in text (`"offset": "100"`) is offset paging's, on the last page too.
                if let cursor = place.value(at: path)?.string, !cursor.allSatisfy({ $0.isWhitespace || $0.isASCII && $0.isNumber }) {
                    return NextPage(value: cursor, source: describe(path.keys))
                }
            }
        }
        // By what the keys' names say (``PagingFields``): `d.__next`, `nextPageId`,
        // `meta.next_page_link`, `metadata.next_offset`, a lone `cursor`, and beside a flag
        // that more follow, `endingCursor`, `pagination.end_cursor`.
        if let next = named.next(more: more) { return next }
        if more == true {
            // Offset paging says where the next page starts: `offset` (or `skip`) + `limit`
            // (PagerDuty's `more`, with no total), before the last id that cursor APIs go on after.
            for place in places {
                func integer(_ key: StaticString) -> Int? { place.node.field(key)?.number?.integer }
                if let limit = integer("limit"), limit > 0, let offset = integer("offset") ?? integer("skip") {
                    return NextPage(value: String(offset + limit), source: "\(place.node.field("offset") != nil ? "offset" : "skip") + limit, more follow")
                }
            }
            // Counts, where the page gives them (`"last": false` beside `page` of `total_pages`),
            // say the next page better than the last id.
            if let next = counted(in: places) { return next }
            // A page number beside the flag (Zoho CRM's `info: {page, more_records}`): the next one.
            for place in places {
                for node in [place.node] + (countHolders + [["info"]]).compactMap({ place.node.value(atKeys: $0) }) where node.kind == .object {
                    if let page = node.field("page")?.number?.integer ?? node.field("current_page")?.number?.integer, page >= 0 {
                        return NextPage(value: String(page + 1), source: "page + 1, more follow")
                    }
                }
            }
            // The last record's id, to start after, only where the list says it is a cursor list
            // by ids (Stripe's `"object": "list"`): Stack Exchange's bare `has_more` pages by
            // number, and its last user's id was a wrong `--next`.
            if places.contains(where: { $0.node.field("object")?.string == "list" }), let last = users?.lastElement, let id = lastID(last) {
                return NextPage(value: id, source: "has_more + last id")
            }
        }
        return counted(in: places)
    }

    private static func counted(in places: [Place]) -> NextPage? {
        for place in places {
            for node in [place.node] + countHolders.compactMap({ place.node.value(atKeys: $0) }) where node.kind == .object {
                if let next = counted(in: node) { return next }
            }
        }
        return nil
    }

    /// Objects that hold the counts beside the users (Strapi's `meta.pagination`).
    /// Cloudflare's `result_info`, SonarQube's `paging`.
    private static let countHolders: [[String]] = [["meta", "pagination"], ["pagination"], ["meta"], ["page_info"], ["pageInfo"], ["page"], ["metadata"],
                                                   ["result_info"], ["paging"]]

    /// `base` + `path` (`path` starts with `/`), where `path` may already start with `base`'s own path.
    static func joined(_ base: String, _ path: String) -> String {
        guard let scheme = base.range(of: "://"), let slash = base[scheme.upperBound...].firstIndex(of: "/") else { return base + path }
        let basePath = base[slash...]
        if path == basePath || path.hasPrefix(basePath + "/") || path.hasPrefix(basePath + "?") { return String(base[..<slash]) + path }
        return base + path
    }

    /// Where the payload says its relative links start: `_links.base` (Atlassian), `links.base`.
    private static func baseURL(_ place: Place) -> (value: String, source: String)? {
        for path in bases {
            if let base = place.value(at: path)?.string, BaseURL(base) != nil {
                return (String(base.reversed().drop { $0 == "/" }.reversed()), describe(path.keys))
            }
        }
        return nil
    }

    /// A string that isn't blank, or a number's text; `0` is none (Twitter's last page says
    /// `"next_cursor": 0`, and a loop that asked for page 0 would start over).
    static func text(_ node: JSONNode) -> String? {
        if let string = node.string { return string.allSatisfy(\.isWhitespace) || string == "0" ? nil : string }
        if node.kind == .number, let text = node.number?.text { return text == "0" ? nil : text }
        return nil
    }

    /// The URL of an object that stands for a link.
    private static func link(in node: JSONNode) -> String? {
        guard node.kind == .object else { return nil }
        for key in linkKeys {
            if let value = node.field(key), let url = value.string, !url.allSatisfy(\.isWhitespace) { return url }
        }
        return nil
    }

    /// The next page by counts: `page` of `total_pages`, SCIM's `startIndex`, `skip` of `total`.
    private static func counted(in object: JSONNode) -> NextPage? {
        // A count given as text (`"page": "1"`) is a count all the same.
        func integer(_ key: StaticString) -> Int? {
            guard let value = object.field(key) else { return nil }
            return value.number?.integer ?? value.string.flatMap { Int($0) }
        }
        if let page = integer("page") ?? integer("current_page") ?? integer("currentPage"),
           let pages = integer("total_pages") ?? integer("totalPages") ?? integer("page_count") ?? integer("pageCount") ?? integer("pages")
            ?? integer("number_of_pages") ?? integer("numberOfPages") ?? integer("last_page") ?? integer("lastPage"), page < pages {
            return NextPage(value: String(page + 1), source: "page + 1, of \(pages)")
        }
        // Spring Data's pages count from 0: `number` of `totalPages`.
        if let number = integer("number"), let pages = integer("totalPages"), number + 1 < pages {
            return NextPage(value: String(number + 1), source: "number + 1, of \(pages)")
        }
        if let total = integer("totalResults"), let perPage = integer("itemsPerPage") {
            let start = integer("startIndex") ?? 1
            if start - 1 + perPage < total, perPage > 0 { return NextPage(value: String(start + perPage), source: "startIndex + itemsPerPage, of \(total)") }
        }
        // Tableau's `pageNumber` and `pageSize` of `totalAvailable` (all three as text).
        // SonarQube's `paging: {pageIndex, pageSize, total}` likewise.
        if let page = integer("pageNumber") ?? integer("pageIndex"), let size = integer("pageSize"),
           let total = integer("totalAvailable") ?? integer("totalElements") ?? integer("total"), size > 0, page * size < total {
            return NextPage(value: String(page + 1), source: "pageNumber + 1, of \((total + size - 1) / size)")
        }
        // Wix's `offset` + `count` (this page's) of `total`.
        if let total = integer("total"), let offset = integer("offset"), let count = integer("count"), count > 0, offset + count < total, object.field("limit") == nil {
            return NextPage(value: String(offset + count), source: "offset + count, of \(total)")
        }
        if let total = integer("total"), let skip = integer("skip"), let limit = integer("limit"), limit > 0, skip + limit < total {
            return NextPage(value: String(skip + limit), source: "skip + limit, of \(total)")
        }
        if let total = integer("total_count") ?? integer("totalCount") ?? integer("total"), let offset = integer("offset"), let limit = integer("limit"), limit > 0, offset + limit < total {
            return NextPage(value: String(offset + limit), source: "offset + limit, of \(total)")
        }
        return nil
    }

    private static func describe(_ path: [String]) -> String { FieldPath(keys: path).description }
}

extension JSONNode {
    /// The value at a path of object keys.
    func value(atKeys keys: [String]) -> JSONNode? {
        var node = self
        for key in keys {
            guard node.kind == .object, let next = node.field(bytes: Array(key.utf8)) else { return nil }
            node = next
        }
        return node
    }

    /// An array's last element.
    var lastElement: JSONNode? {
        var last: JSONNode?
        forEachElement { last = $0 }
        return last
    }
}
