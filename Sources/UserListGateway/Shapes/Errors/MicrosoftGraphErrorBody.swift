@_spi(Pipeline) import UserListJSON
/// Microsoft Graph (and OData services): `{"error": {"code": "InvalidAuthenticationToken", "message": …}}`;
/// Paddle's `{"error": {"code", "detail"}}`; OData v2's (SuccessFactors) `{"error": {"code", "message": {"lang", "value"}}}`.
struct MicrosoftGraphErrorBody: APIErrorBody {
    func message(in document: JSONNode) -> String? {
        guard let error = document.field("error"), error.kind == .object else { return nil }
        // Paddle words its error in `detail`, as problem details do.
        let message = error.text(of: "message") ?? error.field("message")?.text(of: "value") ?? error.text(of: "detail")
        let code = error.text(of: "code")
        switch (code, message) {
        case let (code?, message?): return "\(code): \(message)"
        case let (nil, message?): return message
        case let (code?, nil): return code
        default: return nil
        }
    }
}
