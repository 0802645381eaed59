import UserListDomain
@_spi(Pipeline) import UserListJSON
/// reqres.in's `GET /api/users`: `{"page", "per_page", "total", "total_pages", "data": [users]}`,
/// users with `first_name`, `last_name`, `avatar` (read by the general mapping).
struct ReqresShape: PayloadShape {
    var name: String { "reqres.in user list" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, document.field("per_page") != nil || document.field("total_pages") != nil,
              let data = document.field("data"), data.kind == .array else { return nil }
        return .array(data, path: [.key("data")])
    }

    var mapping: any RecordMapping { Self.mapping }

    func morePages(in document: JSONNode) -> String? {
        guard let page = document.field("page")?.number?.integer, let pages = document.field("total_pages")?.number?.integer,
              page < pages else { return nil }
        return "this is page \(page) of \(pages) (\"total_pages\")"
    }

    /// The general mapping: it reads reqres.in's `id`, `first_name` + `last_name`, `email` and
    /// `avatar` as this shape's own did, and other APIs with the same envelope (`data`,
    /// `per_page`) as what they are — Vimeo's users have a `uri`, a `name`, `pictures.sizes`.
    private static let mapping = UserMapping.general
}
