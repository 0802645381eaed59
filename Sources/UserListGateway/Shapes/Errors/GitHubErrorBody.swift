@_spi(Pipeline) import UserListJSON
/// GitHub's REST API: `{"message": "API rate limit exceeded for …", "documentation_url": …, "status": "403"}`.
struct GitHubErrorBody: APIErrorBody {
    func message(in document: JSONNode) -> String? {
        guard document.field("documentation_url") != nil, let message = document.text(of: "message") else { return nil }
        return document.text(of: "status").map { "\(message) (status \($0))" } ?? message
    }
}
