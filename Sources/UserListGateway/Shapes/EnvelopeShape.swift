import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Seed 000's envelope, `{"users": [...], "total": N}`, and any object keeping its users under `users`
/// (Google's Directory API among them).
struct EnvelopeShape: PayloadShape {
    var name: String { "envelope with a \"users\" array" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, let users = document.field("users"), users.kind == .array else { return nil }
        return .array(users, path: [.key("users")])
    }

    /// Google's Directory API leaves `users` out of a page that matched nobody:
    /// `{"kind": "admin#directory#users", "etag": …}`.
    func isEmptyPage(_ document: JSONNode) -> Bool {
        document.kind == .object && document.field("users") == nil && document.field("kind")?.string == "admin#directory#users"
    }

    var mapping: any RecordMapping { AutomaticMapping.shared }
}
