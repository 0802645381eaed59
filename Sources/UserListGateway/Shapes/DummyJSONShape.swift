import UserListDomain
@_spi(Pipeline) import UserListJSON
/// dummyjson.com's `GET /users`: `{"users": [...], "total", "skip", "limit"}`, users with
/// `firstName`, `lastName`, `image`, and nested `address` and `company` objects of their own design.
struct DummyJSONShape: PayloadShape {
    var name: String { "dummyjson.com users" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, document.field("skip") != nil, document.field("limit") != nil,
              let users = document.field("users"), users.kind == .array else { return nil }
        return .array(users, path: [.key("users")])
    }

    var mapping: any RecordMapping { Self.mapping }

    func morePages(in document: JSONNode) -> String? {
        guard let skip = document.field("skip")?.number?.integer, let limit = document.field("limit")?.number?.integer,
              let total = document.field("total")?.number?.integer, limit > 0, skip + limit < total else { return nil }
        return "this page holds users \(skip + 1)–\(skip + limit) of \(total) (\"total\")"
    }

    private static let mapping = UserMapping([
        .id: ["id"],
        .name: [.joined("firstName", "lastName")],
        .username: ["username"],
        .email: ["email"],
        .avatarURL: ["image"],
        .phone: ["phone"],
        .street: ["address.address"],
        .city: ["address.city"],
        .zipcode: ["address.postalCode"],
        .lat: ["address.coordinates.lat"],
        .lng: ["address.coordinates.lng"],
        .companyName: ["company.name"],
    ])
}
