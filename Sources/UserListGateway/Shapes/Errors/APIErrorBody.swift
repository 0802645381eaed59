import UserListDomain
@_spi(Pipeline) import UserListJSON
/// An API's error body, read instead of users (`curl` prints it with the same pipe): what it
/// says, for `<input>: the API returned an error: <message>` (exit 65). As seed 002 maps an
/// `APIError` to a `DomainError`, each API's way of saying it is one small type, listed in
/// ``APIErrorBodies/all`` and tried in order, only once no payload shape matched.
protocol APIErrorBody: Sendable {
    /// The error's message, when `document` is this API's error body.
    func message(in document: JSONNode) -> String?
}

enum APIErrorBodies {
    static let all: [any APIErrorBody] = [
        SlackErrorBody(),
        SCIMErrorBody(),
        MicrosoftGraphErrorBody(),
        GitHubErrorBody(),
        GenericErrorBody(),
    ]

    static func message(in document: JSONNode) -> String? {
        if document.kind == .array { return SalesforceErrorBody.message(in: document) }
        guard document.kind == .object else { return nil }
        for body in all {
            if let message = body.message(in: document) { return message }
        }
        return nil
    }

    /// The message of a document that says outright that the request failed — `"ok": false`,
    /// `"success": false`, `"status": "error"`, a non-empty `errors`, an `error` that is set —
    /// whatever else it holds: an error body may carry the envelope's empty array
    /// (`{"ok": false, "error": "ratelimited", "members": []}`, `{"errors": […], "data": []}`),
    /// which is no empty page. Asked only of a document whose users came to none (a bare
    /// `message` or `detail` says nothing of failure: `"message": "OK"` envelopes exist).
    static func failure(in document: JSONNode) -> String? {
        guard document.kind == .object, saysItFailed(document) else { return nil }
        return message(in: document) ?? "the response says the request failed"
    }

    private static func saysItFailed(_ document: JSONNode) -> Bool {
        if document.field("ok")?.bool == false || document.field("success")?.bool == false { return true }
        if let status = document.field("status")?.string?.lowercased(), ["error", "fail", "failed", "failure"].contains(status) { return true }
        for key: StaticString in ["error", "errors"] {
            guard let value = document.field(key) else { continue }
            switch value.kind {
            case .string: if !(value.string ?? "").isEmpty { return true }
            case .array, .object: if value.count > 0 { return true }
            default: break
            }
        }
        return false
    }
}

extension JSONNode {
    /// A field's text: a string as is, a number or boolean as JSON writes it.
    func text(of key: StaticString) -> String? {
        guard let value = field(key) else { return nil }
        switch value.kind {
        case .string: return value.string
        case .number: return value.number?.text
        case .bool: return value.bool.map { $0 ? "true" : "false" }
        default: return nil
        }
    }
}
