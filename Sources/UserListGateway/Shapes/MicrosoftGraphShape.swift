import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Microsoft Graph's `GET /users`: `{"@odata.context", "@odata.nextLink", "value": [...]}`, users
/// with `displayName`, `givenName`, `surname`, `mail` (often null: then `userPrincipalName`).
struct MicrosoftGraphShape: PayloadShape {
    var name: String { "Microsoft Graph users" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, let context = document.field("@odata.context")?.string, Self.isGraph(context),
              let value = document.field("value"), value.kind == .array else { return nil }
        return .array(value, path: [.key("value")])
    }

    /// Graph's own context (`https://graph.microsoft.com/v1.0/$metadata#users`, the national
    /// clouds' `graph.microsoft.us`, `microsoftgraph.chinacloudapi.cn`): other OData services
    /// (Dataverse's `systemusers`, SharePoint, Business Central) have their own keys, read by the
    /// general mapping.
    static func isGraph(_ context: String) -> Bool {
        let lowered = context.lowercased()
        return lowered.contains("graph.microsoft") || lowered.contains("microsoftgraph") || !lowered.contains("://")
    }

    var mapping: any RecordMapping { Self.mapping }

    func morePages(in document: JSONNode) -> String? {
        document.field("@odata.nextLink")?.string == nil ? nil : "\"@odata.nextLink\" says more users follow"
    }

    /// Groups (`GET /groups`: every group has `groupTypes`, `[]` for a security group) and the
    /// groups, devices and service principals of a members list (`@odata.type`) are not people.
    private static let mapping = UserMapping(
        [
            .id: ["id"],
            .name: ["displayName", .joined("givenName", "surname")],
            .username: ["userPrincipalName"],
            .email: ["mail", "userPrincipalName"],
            .bio: ["jobTitle"],
            .phone: ["mobilePhone", .primaryElement("businessPhones", key: "value")],
            .city: ["city"],
            .zipcode: ["postalCode"],
            .street: ["streetAddress"],
            .companyName: ["companyName"],
        ],
        excluding: [
            RecordExclusion(kindOf: FieldPath(keys: ["@odata.type"])),
            RecordExclusion(whenPresent: "groupTypes", "group"),
        ])
}
