@_spi(Pipeline) import UserListJSON
/// Microsoft Graph (and OData services): `{"error": {"code": "InvalidAuthenticationToken", "message": …}}`;
/// Paddle's `{"error": {"code", "detail"}}`; OData v2's (SuccessFactors) `{"error": {"code", "message": {"lang", "value"}}}`;
/// any `error` object in its own words (``ErrorWords``): VK's `{"error_code": 5, "error_msg"}`,
/// Elastic's `{"type", "reason"}`, MediaWiki's `{"code", "info"}`.
struct MicrosoftGraphErrorBody: APIErrorBody {
    func message(in document: JSONNode) -> String? {
        guard let error = document.field("error"), error.kind == .object else { return nil }
        return ErrorWords.describe(error)
    }
}
