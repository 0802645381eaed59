@_spi(Pipeline) import UserListJSON
/// Slack's Web API: `{"ok": false, "error": "invalid_auth"}` (HTTP 200 all the same).
struct SlackErrorBody: APIErrorBody {
    func message(in document: JSONNode) -> String? {
        guard document.field("ok")?.bool == false, let error = document.text(of: "error") else { return nil }
        if let needed = document.text(of: "needed") { return "\(error) (needed: \(needed))" }
        return error
    }
}
