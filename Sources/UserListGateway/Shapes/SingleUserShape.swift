import UserListDomain
@_spi(Pipeline) import UserListJSON
/// One user object per document: `GET /users/1`, or a line of an NDJSON export, under any of the
/// general mapping's names.
struct SingleUserShape: PayloadShape {
    var name: String { "user object" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object else { return nil }
        // A JSON-RPC response is never a user itself (its `id` is the request's): its `result` may be.
        if document.hasField("jsonrpc") {
            guard let result = document.field("result"), result.kind == .object else { return nil }
            return .single(result, path: [.key("result")])
        }
        let looksLikeUser = document.hasField("id") || document.hasField("name")
            || document.hasField("email") || document.hasField("username")
        // The four keys above are a quick test for each line of an export; anything else is a user
        // when the general mapping finds a person in it (`{"accountId": …, "displayName": …}`),
        // unless it is a map of users keyed by id or a GraphQL connection (asked next).
        if looksLikeUser { return .single(document) }
        if KeyedUsersShape.records(in: document) != nil || GraphQLShape().userRecords(in: document) != nil { return nil }
        return GeneralEnvelopeShape.looksLikeUser(document) ? .single(document) : nil
    }

    var needsAnArray: Bool { false }

    var mapping: any RecordMapping { AutomaticMapping.shared }
}
