import UserListDomain
@_spi(Pipeline) import UserListJSON
/// reqres.in's `GET /api/users`: `{"page", "per_page", "total", "total_pages", "data": [users]}`,
/// users with `first_name`, `last_name`, `avatar`.
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

    private static let mapping = UserMapping([
        .id: ["id"],
        .name: [.joined("first_name", "last_name")],
        .email: ["email"],
        .avatarURL: ["avatar"],
    ])
}
