import UserListDomain
@_spi(Pipeline) import UserListJSON
/// One user object per document: `GET /users/1`, or a line of an NDJSON export.
struct SingleUserShape: PayloadShape {
    var name: String { "user object" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object else { return nil }
        let looksLikeUser = document.field("id") != nil || document.field("name") != nil
            || document.field("email") != nil || document.field("username") != nil
        return looksLikeUser ? .single(document) : nil
    }

    var needsAnArray: Bool { false }

    var mapping: any RecordMapping { AutomaticMapping.shared }
}
