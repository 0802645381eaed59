/// reqres.in's `GET /api/users`: `{"page", "per_page", "total", "total_pages", "data": [users]}`,
/// users with `first_name`, `last_name`, `avatar`.
struct ReqresShape: PayloadShape {
    var name: String { "reqres.in user list" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, document.field("per_page") != nil || document.field("total_pages") != nil,
              let data = document.field("data"), data.kind == .array else { return nil }
        return .array(data, path: [.key("data")])
    }

    func user(from record: JSONNode) throws(DTODecodingError) -> User {
        try ReqresUserDTO(record: record).toDomain()
    }
}
