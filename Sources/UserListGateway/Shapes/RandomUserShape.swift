import UserListDomain
@_spi(Pipeline) import UserListJSON
/// randomuser.me's `GET /api/`: `{"results": [...], "info": {"seed", "results", "page", "version"}}`,
/// users with `name.{title,first,last}`, `login.uuid`, `picture.{large,medium,thumbnail}`, `location`.
struct RandomUserShape: PayloadShape {
    var name: String { "randomuser.me results" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, let info = document.field("info"), info.kind == .object,
              let results = document.field("results"), results.kind == .array else { return nil }
        return .array(results, path: [.key("results")])
    }

    var mapping: any RecordMapping { Self.mapping }

    private static let mapping = UserMapping([
        .id: ["login.uuid"],
        .name: [.joined("name.first", "name.last")],
        .username: ["login.username"],
        .email: ["email"],
        .avatarURL: ["picture.large", "picture.medium", "picture.thumbnail"],
        .phone: ["phone", "cell"],
        .street: [.joined("location.street.number", "location.street.name")],
        .city: ["location.city"],
        .zipcode: ["location.postcode"],
        .lat: ["location.coordinates.latitude"],
        .lng: ["location.coordinates.longitude"],
    ])
}
