@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
import Mustache

/// Renders `--format html`: the list as one self-contained HTML5 page, laid out as seed 000's
/// view — a header (where the users came from, how many, when), one `UserRow` per user (the
/// avatar, or the initials on a coloured circle; the title; the subtitle; a one-line caption),
/// the list's state (an empty result shows the empty state) and, when the answer is paged, a
/// pager whose links name the files `--split-pages DIR` writes (`page-1.html`, …).
///
/// Self-contained: the style and the script are inline and a Content-Security-Policy lets only
/// those two (by their SHA-256) and `http:`/`https:` images run or load; no font, script or
/// style is fetched. Avatars are `<img loading="lazy">` over the initials, removed by the script
/// when they fail to load; an avatar URL that is not `http(s)://` is never put in a `src`
/// (``AvatarSource``). Every payload text is escaped by the templates (``HTMLText``). The search
/// box filters the rows as `--search` would (``HTMLPageScript``).
///
/// The page is made by Mustache templates (``HTMLTemplates``); rows are rendered on the reading
/// threads like csv's and spooled by a run that prints every user, so the header can say the
/// count before them in bounded memory (see ``FramedRowRenderer``).
public struct HTMLRenderer: FramedRowRenderer, Sendable {
    public let document: PageDocument
    /// Whether the answer is paged (`--page`, `--split-pages`): the page then has a pager.
    public let paged: Bool
    /// `--limit N`: the header counts the first N of the matches (`5 of 137 users`).
    public var limit: Int?

    public init(document: PageDocument, paged: Bool) {
        self.document = document
        self.paged = paged
    }

    /// The name of page `number`'s file in a `--split-pages` directory, which the pager links.
    public static func fileName(ofPage number: Int) -> String { "page-\(number).html" }

    public func writeOpening(_ state: ListState, to output: OutputWriter) {
        guard state.page != nil else { return }
        output.write(HTMLTemplates.shared.opening.render(context(state)))
    }

    public func writeClosing(_ state: ListState, to output: OutputWriter) {
        guard state.page != nil else { return }
        output.write(HTMLTemplates.shared.closing.render(context(state)))
    }

    public func appendRow(_ row: UserRow, to output: OutputWriter) {
        var scratch: [UInt8] = []
        appendRow(row, to: output, template: HTMLTemplates.shared.compiledRow, scratch: &scratch)
    }

    public func encode(_ rows: [UserRow]) -> [EncodedRow] {
        // Fetched once a batch: a row takes no reference of its own to what every thread reads.
        let template = HTMLTemplates.shared.compiledRow
        var scratch: [UInt8] = []
        scratch.reserveCapacity(256)
        return RowEncoding.encode(rows) { row, output in appendRow(row, to: output, template: template, scratch: &scratch) }
    }

    /// One row: the row template's text (``CompiledRowTemplate``) around the row's values.
    func appendRow(_ row: UserRow, to output: OutputWriter, template: CompiledRowTemplate, scratch: inout [UInt8]) {
        let avatar = AvatarSource.loadable(row.cell.avatarURL)
        let variant = CompiledRowTemplate.variant(avatar: avatar != nil, subtitle: row.cell.subtitle != nil, caption: row.cell.caption != nil)
        for index in template.starts[variant]..<template.starts[variant + 1] {
            let piece = template.pieces[index]
            guard let slot = piece.slot else {
                output.write(template.text(piece))
                continue
            }
            switch slot {
            case .key:
                if let user = row.user {
                    HTMLText.writeSearchKey(user.name, user.username, user.email, scratch: &scratch, to: output)
                } else {
                    HTMLText.writeSearchKey(row.cell.title, row.cell.subtitle, nil, scratch: &scratch, to: output)
                }
            case .colour: output.write(int: AvatarColour.index(of: row.cell.id))
            case .initials: HTMLText.write(row.cell.initials, to: output)
            case .avatar: HTMLText.write(avatar!, to: output)
            case .title: HTMLText.write(row.cell.title, to: output)
            case .subtitle: HTMLText.write(row.cell.subtitle!, to: output)
            case .caption: HTMLText.write(row.cell.caption!, to: output)
            }
        }
    }

    /// What the opening and closing templates show of `state`.
    func context(_ state: ListState) -> [String: Any] {
        guard let page = state.page else { return [:] }
        let users = page.totalItems == 1 ? "1 user" : "\(page.totalItems) users"
        var context: [String: Any] = [
            "csp": HTMLPageAssets.contentSecurityPolicy,
            "style": HTMLPageStyle.css,
            "script": HTMLPageScript.text,
            "title": "Users · \(document.source)",
            "source": document.source,
            "isoTime": document.isoTime,
            "readableTime": document.readableTime,
            "count": paged ? "page \(page.page) of \(page.totalPages) · \(users)"
                : limit.map { page.totalItems > $0 ? "\($0) of \(users)" : users } ?? users,
            "totalPages": page.totalPages,
            "pagesWord": page.totalPages == 1 ? "page" : "pages",
        ]
        let listed = page.totalItems > 0 && (page.page <= page.totalPages || !paged)
        if case .empty = state { context["empty"] = true }
        if page.totalItems > 0, !listed { context["pastEnd"] = true }
        if listed {
            context["listed"] = true
            context["searchable"] = true
        }
        if paged, page.totalPages > 0 { context["pager"] = pager(page) }
        return context
    }

    /// Previous and next, the first and last pages, and the two either side of this one; a gap
    /// (…) stands for the rest.
    func pager(_ page: UserListPage) -> [String: Any] {
        let last = page.totalPages
        let current = page.page
        func link(_ number: Int) -> [String: Any] { ["href": Self.fileName(ofPage: number), "number": number] }
        var pager: [String: Any] = ["label": "Page \(current) of \(last)"]
        if current > 1 { pager["previous"] = link(min(current - 1, last)) }
        if current < last { pager["next"] = link(current + 1) }
        var links: [[String: Any]] = []
        var previous = 0
        // Saturating: a `--page` near Int.max past the last page is still a page link's neighbour.
        let near = [-2, -1, 0, 1, 2].map { offset in current.addingReportingOverflow(offset).overflow ? current : current + offset }
        for number in [1] + near + [last] where number >= 1 && number <= last && number > previous {
            if number > previous + 1 { links.append(["gap": true]) }
            var entry = link(number)
            if number == current { entry["current"] = true }
            links.append(entry)
            previous = number
        }
        pager["links"] = links
        return pager
    }
}

/// One row's values for the row template, looked up by name: what Mustache renders a row from
/// (the tests hold ``CompiledRowTemplate`` to it; a run writes rows from the compiled template).
struct HTMLRowContext: MustacheParent {
    let row: UserRow

    init(_ row: UserRow) { self.row = row }

    func child(named name: String) -> Any? {
        switch name {
        case "title": row.cell.title
        case "subtitle": row.cell.subtitle
        case "caption": row.cell.caption
        case "initials": row.cell.initials
        case "avatar": AvatarSource.loadable(row.cell.avatarURL)
        case "colour": AvatarColour.index(of: row.cell.id)
        case "key": HTMLText.searchKey(searchFields)
        default: nil
        }
    }

    /// What `--search` looks in: name, username, email. A row made from a cell alone (no user)
    /// has the title and subtitle.
    var searchFields: [String?] {
        row.user.map { [$0.name, $0.username, $0.email] } ?? [row.cell.title, row.cell.subtitle]
    }
}

/// The page's Content-Security-Policy: nothing may load or run but its own inline style and
/// script (named by hash) and `http(s)` images; no base URL, no form target, no frames.
enum HTMLPageAssets {
    static let contentSecurityPolicy =
        "default-src 'none'; img-src http: https:; style-src 'sha256-\(SHA256.base64Digest(of: HTMLPageStyle.css))'; "
        + "script-src 'sha256-\(SHA256.base64Digest(of: HTMLPageScript.text))'; base-uri 'none'; form-action 'none'"
}
