import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Seed 000's envelope, `{"users": [...], "total": N}`, and any object keeping its users under `users`.
struct EnvelopeShape: PayloadShape {
    var name: String { "envelope with a \"users\" array" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, let users = document.field("users"), users.kind == .array else { return nil }
        return .array(users, path: [.key("users")])
    }

    var mapping: any RecordMapping { AutomaticMapping.shared }
}
