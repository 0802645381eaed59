@_spi(Pipeline) import UserListJSON
/// What most other APIs send: reqres.in's `{"error": "Missing password"}`, dummyjson.com's
/// `{"message": "Invalid/Expired Token!"}`, OAuth's `{"error": …, "error_description": …}`,
/// `{"errors": [{"message": …}]}` (GraphQL, Twitter), JSON:API's `{"errors": [{"title", "detail"}]}`,
/// Shopify's `{"errors": "…"}`, `{"detail": …}` (RFC 7807 problem details), Telegram's
/// `{"ok": false, "description": …}`, GoTrue's (Supabase) `{"msg": …, "error_code": …}`,
/// WeChat's and WeCom's `{"errcode": …, "errmsg": …}`, Figma's `{"status": 403, "err": …}`, Crisp's
/// `{"error": true, "reason": …}`, Paddle's `{"error": {"code", "detail"}}`, Monday's
/// `{"error_code", "error_message"}`, Phabricator's `{"error_code", "error_info"}`, Zalo's
/// `{"error": -216, "message"}`, SonarQube's `{"errors": [{"msg"}]}`; in PascalCase too: Xero's problem details `{"Title",
/// "Detail", "Status"}`, QuickBooks' `{"Fault": {"Error": [{"Message", "Detail"}]}}`.
/// Only for a document that holds no users: detection found none before this is asked.
struct GenericErrorBody: APIErrorBody {
    func message(in document: JSONNode) -> String? {
        if let error = document.field("error") {
            switch error.kind {
            case .number:
                // A number is a code (Zalo's `-216`, Atlas' `401`): the sentence beside it is the message.
                let code = document.text(of: "errorCode") ?? document.text(of: "error") ?? ""
                return ErrorWords.sentence(of: document).map { "\($0) (\(code))" } ?? code
            case .string:
                let text = document.text(of: "error") ?? ""
                return document.text(of: "error_description").map { "\(text): \($0)" } ?? text
            case .object:
                // Paddle's `{"error": {"type", "code", "detail"}}`, Gorgias' `{"error": {"msg"}}`.
                if let words = Self.problem(error) ?? error.text(of: "msg") {
                    return error.text(of: "code").map { "\(words) (\($0))" } ?? words
                }
            default:
                break  // `"error": true` (Crisp, Sendbird): the words are in another field
            }
        }
        if let errors = document.field("errors") {
            if errors.kind == .string, let text = errors.string, !text.isEmpty { return text }
            // Zoho's `{"errors": {"code": 7202, "message": "Permission Denied"}}`.
            if errors.kind == .object, let words = ErrorWords.describe(errors) { return words }
            var messages: [String] = []
            errors.forEachElement { element in
                if let message = element.kind == .string ? element.string : Self.problem(element) ?? ErrorWords.sentence(of: element) { messages.append(message) }
            }
            if !messages.isEmpty { return messages.joined(separator: "; ") }
        }
        if let message = document.text(of: "message") ?? document.text(of: "msg") ?? document.text(of: "errmsg")
            ?? document.text(of: "err") ?? document.text(of: "reason") ?? document.text(of: "error_message") ?? document.text(of: "errorMessage")
            ?? document.text(of: "error_msg") ?? document.text(of: "error_info") {
            let code = document.text(of: "error_code") ?? document.text(of: "code") ?? document.text(of: "errcode")
            return code.map { "\(message) (\($0))" } ?? message
        }
        if let problem = Self.problem(document) { return problem }
        if document.field("ok")?.bool == false, let description = document.text(of: "description") {
            return document.text(of: "error_code").map { "\(description) (error \($0))" } ?? description
        }
        // AWS's query APIs: `{"Error": {"Code": "AccessDenied", "Message": …}}`.
        if let error = document.field("Error"), error.kind == .object, let words = Self.pascalProblem(error) {
            return error.text(of: "Code").map { "\($0): \(words)" } ?? words
        }
        // PascalCase (.NET, Intuit): `Fault.Error[]`, or problem details' `Title` and `Detail`.
        if let fault = document.field("Fault"), fault.kind == .object {
            var messages: [String] = []
            fault.field("Error")?.forEachElement { element in
                if let words = Self.pascalProblem(element) { messages.append(words) }
            }
            if !messages.isEmpty { return messages.joined(separator: "; ") }
        }
        if let words = Self.pascalProblem(document) { return words }
        // Any other sentence (Rippling's and LINE WORKS' `description`, beside a `type` or
        // `code`); a code alone is no message (Miro's list envelope has `"type": "list"`).
        guard ErrorWords.sentence(of: document) != nil else { return nil }
        return ErrorWords.describe(document)
    }

    /// An error object's words in PascalCase: `Message`, else `Title: Detail`.
    private static func pascalProblem(_ error: JSONNode) -> String? {
        guard error.kind == .object else { return nil }
        let detail = error.text(of: "Detail")
        if let message = error.text(of: "Message") { return detail.map { "\(message): \($0)" } ?? message }
        guard let title = error.text(of: "Title") else { return nil }
        return detail.map { "\(title): \($0)" } ?? title
    }

    /// One error object's words: its `message`, else `title: detail` (JSON:API, RFC 7807).
    private static func problem(_ error: JSONNode) -> String? {
        if let message = error.text(of: "message") { return message }
        guard let detail = error.text(of: "detail") else { return error.text(of: "title") }
        return error.text(of: "title").map { "\($0): \(detail)" } ?? detail
    }
}
