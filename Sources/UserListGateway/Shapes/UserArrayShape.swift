import UserListDomain
@_spi(Pipeline) import UserListJSON
/// A top-level array of users, as JSONPlaceholder's `GET /users` returns.
struct UserArrayShape: PayloadShape {
    var name: String { "array of users" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        document.kind == .array ? .array(document, path: []) : nil
    }

    var mapping: any RecordMapping { AutomaticMapping.shared }
}
