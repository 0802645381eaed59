@_spi(Pipeline) import UserListJSON
/// The words of one error object, by the keys APIs give them: the sentence a person reads
/// (`message`, `msg`, VK's `error_msg`, `detail`, Elastic's and Linode's `reason`, MediaWiki's
/// `info`, OData v2's `message.value`) and the code beside it (`code`, `error_code`, Elastic's
/// `type`). A code that is a word comes first (`InvalidAuthenticationToken: …`, as Microsoft
/// Graph writes it); a number follows the sentence (`User authorization failed (5)`).
enum ErrorWords {
    static func describe(_ error: JSONNode) -> String? {
        guard error.kind == .object else { return nil }
        let words = sentence(of: error)
        guard let code = code(of: error) else { return words }
        guard let words else { return code.text }
        return code.isNumber ? "\(words) (\(code.text))" : "\(code.text): \(words)"
    }

    /// The first of the sentence keys that holds text.
    static func sentence(of error: JSONNode) -> String? {
        for key in sentenceKeys {
            if let text = error.text(of: key), !text.isEmpty { return text }
        }
        return error.field("message")?.text(of: "value")
    }

    private static func code(of error: JSONNode) -> (text: String, isNumber: Bool)? {
        for key in codeKeys {
            guard let value = error.field(key), value.kind == .string || value.kind == .number,
                  let text = error.text(of: key), !text.isEmpty else { continue }
            return (text, value.kind == .number)
        }
        return nil
    }

    private static let sentenceKeys: [StaticString] = [
        "message", "msg", "error_msg", "errmsg", "error_message", "errorMessage", "detail", "error_description",
        "description", "reason", "info", "error_info",
    ]
    private static let codeKeys: [StaticString] = ["code", "error_code", "errorCode", "errcode", "type"]
}
