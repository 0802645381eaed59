@_spi(Pipeline) import UserListJSON
/// What most other APIs send: reqres.in's `{"error": "Missing password"}`, dummyjson.com's
/// `{"message": "Invalid/Expired Token!"}`, OAuth's `{"error": …, "error_description": …}`,
/// `{"errors": [{"message": …}]}` (GraphQL, Twitter), `{"detail": …}` (RFC 7807 problem details).
/// Only for a document that holds no users: detection found none before this is asked.
struct GenericErrorBody: APIErrorBody {
    func message(in document: JSONNode) -> String? {
        if let error = document.text(of: "error") {
            return document.text(of: "error_description").map { "\(error): \($0)" } ?? error
        }
        if let errors = document.field("errors"), errors.kind == .array {
            var messages: [String] = []
            errors.forEachElement { element in
                if let message = element.kind == .string ? element.string : element.text(of: "message") { messages.append(message) }
            }
            if !messages.isEmpty { return messages.joined(separator: "; ") }
        }
        if let message = document.text(of: "message") { return message }
        if let detail = document.text(of: "detail") {
            return document.text(of: "title").map { "\($0): \(detail)" } ?? detail
        }
        return nil
    }
}
