import UserListDomain
@_spi(Pipeline) import UserListJSON
/// SCIM 2.0 (RFC 7643/7644): a `ListResponse` with its users in `Resources`, or one `User`
/// resource. Emails, phone numbers, photos and addresses are arrays of `{value, type, primary}`:
/// the primary one is used, else the first.
struct SCIMShape: PayloadShape {
    var name: String { "SCIM 2.0 users" }

    private static let listResponse = "urn:ietf:params:scim:api:messages:2.0:ListResponse"
    private static let user = "urn:ietf:params:scim:schemas:core:2.0:User"
    private static let enterprise = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object else { return nil }
        if let resources = document.field("Resources"), resources.kind == .array,
           Self.schemas(of: document).contains(Self.listResponse) || document.field("totalResults") != nil {
            return .array(resources, path: [.key("Resources")])
        }
        return Self.schemas(of: document).contains(Self.user) ? .single(document) : nil
    }

    /// RFC 7644 §3.4.2: `Resources` is required only when `totalResults` is not zero.
    func isEmptyPage(_ document: JSONNode) -> Bool {
        document.kind == .object && document.field("Resources") == nil && Self.schemas(of: document).contains(Self.listResponse)
    }

    private static func schemas(of document: JSONNode) -> [String] {
        var schemas: [String] = []
        document.field("schemas")?.forEachElement { if let s = $0.string { schemas.append(s) } }
        return schemas
    }

    var mapping: any RecordMapping { Self.mapping }

    func morePages(in document: JSONNode) -> String? {
        guard let total = document.field("totalResults")?.number?.integer, let perPage = document.field("itemsPerPage")?.number?.integer
        else { return nil }
        let start = document.field("startIndex")?.number?.integer ?? 1
        guard start - 1 + perPage < total else { return nil }
        return "this page holds users \(start)–\(start - 1 + perPage) of \(total) (\"totalResults\")"
    }

    private static let mapping = UserMapping([
        .id: ["id"],
        .name: ["displayName", "name.formatted", .joined("name.givenName", "name.familyName")],
        .username: ["userName"],
        .email: [.primaryElement("emails", key: "value")],
        .avatarURL: [.primaryElement("photos", key: "value")],
        .bio: ["title"],
        .phone: [.primaryElement("phoneNumbers", key: "value")],
        .website: ["profileUrl"],
        .street: [.primaryElement("addresses", key: "streetAddress")],
        .city: [.primaryElement("addresses", key: "locality")],
        .zipcode: [.primaryElement("addresses", key: "postalCode")],
        .companyName: [.value(FieldPath(keys: [enterprise, "organization"]))],
    ])
}
