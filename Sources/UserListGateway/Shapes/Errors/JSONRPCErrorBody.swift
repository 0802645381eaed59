@_spi(Pipeline) import UserListJSON
/// JSON-RPC 2.0's `{"jsonrpc": "2.0", "id": REQUEST, "error": {"code", "message", "data"}}` (Odoo,
/// Zabbix, Ethereum nodes): the message, what `data` adds (a string, or an object's own message:
/// Odoo's `data.message`), and the code. Its `id` is the request's, never a user's.
struct JSONRPCErrorBody: APIErrorBody {
    func message(in document: JSONNode) -> String? {
        guard document.field("jsonrpc") != nil, let error = document.field("error"), error.kind == .object else { return nil }
        var words = ErrorWords.sentence(of: error) ?? "the request failed"
        if let data = error.field("data") {
            if let more = data.kind == .string ? data.string : ErrorWords.sentence(of: data), !more.isEmpty, more != words {
                words += ": " + more
            }
        }
        return error.text(of: "code").map { "\(words) (\($0))" } ?? words
    }
}
