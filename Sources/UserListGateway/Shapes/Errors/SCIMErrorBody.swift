@_spi(Pipeline) import UserListJSON
/// SCIM 2.0 (RFC 7644 §3.12): `{"schemas": ["urn:ietf:params:scim:api:messages:2.0:Error"],
/// "status": "404", "scimType": …, "detail": …}`.
struct SCIMErrorBody: APIErrorBody {
    func message(in document: JSONNode) -> String? {
        guard let schemas = document.field("schemas"), schemas.kind == .array else { return nil }
        var isError = false
        schemas.forEachElement { if $0.string == "urn:ietf:params:scim:api:messages:2.0:Error" { isError = true } }
        guard isError else { return nil }
        var message = document.text(of: "detail") ?? "SCIM error"
        let qualifiers = [document.text(of: "status").map { "status \($0)" }, document.text(of: "scimType")].compactMap { $0 }
        if !qualifiers.isEmpty { message += " (\(qualifiers.joined(separator: ", ")))" }
        return message
    }
}
