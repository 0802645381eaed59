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
        JSONRPCErrorBody(),
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
    /// `"success": false`, `"status": "error"`, an HTTP status of 400 or more in `code`,
    /// `status` or `statusCode`, WeChat's non-zero `errcode`, an `errors` or `error` that holds a
    /// message — whatever else it holds: an error body may carry the envelope's empty array
    /// (`{"ok": false, "error": "ratelimited", "members": []}`, `{"errors": […], "data": []}`),
    /// which is no empty page. Asked only of a document whose users came to none. What says
    /// nothing of failure is not asked: a bare `message` or `detail` (`"message": "OK"`
    /// envelopes exist), `"error": null`, `"error": "none"`, `"errors": {"count": 0}`.
    ///
    /// One level down too, where an envelope keeps its status: a document of one object
    /// (Nextcloud's `{"ocs": {"meta": …, "data": []}}`, Zoho's `{"response": {…}}`), or a header
    /// beside the data whose status says it failed (`"meta": {"status": "failure", "message": …}`).
    static func failure(in document: JSONNode) -> String? {
        failure(in: document, depth: 0)
    }

    private static func failure(in document: JSONNode, depth: Int) -> String? {
        guard document.kind == .object else { return nil }
        if saysItFailed(document) { return message(in: document) ?? "the response says the request failed" }
        if let message = errorOnly(document) { return message }
        if carriesAnError(document) { return message(in: document) }
        for key: StaticString in ["meta", "header", "status"] {
            if let header = document.field(key), header.kind == .object, saysItFailed(header) {
                return message(in: header) ?? "the response says the request failed"
            }
        }
        if depth == 0, document.count == 1 {
            var inner: JSONNode?
            document.forEachField { _, value in if value.kind == .object { inner = value } }
            if let inner { return failure(in: inner, depth: 1) }
        }
        return nil
    }

    /// ``failure(in:)`` of a document read as one user: only what says outright that the request
    /// failed, or a document made of nothing but an error's keys — Heroku's and DigitalOcean's
    /// `{"id": "unauthorized", "message": …}`, PingOne's `{"id", "code", "message", "details"}`,
    /// Freshsales' `{"login": "failed", "message": …}` — never a person with an `error` field.
    static func failureOfOne(_ document: JSONNode) -> String? {
        // Asked of every single-record document (each NDJSON line): a user has no message, and
        // an error body always does; one pass over the keys' first bytes decides most lines.
        guard document.kind == .object else { return nil }
        // A JSON-RPC response's `id` is the request's: its `error` is the answer (Odoo, Zabbix).
        if let error = document.field("error"), error.kind == .object, document.field("jsonrpc") != nil {
            return JSONRPCErrorBody().message(in: document) ?? "the response says the request failed"
        }
        guard hasMessageKey(document) else { return nil }
        if saysItFailed(document) { return message(in: document) ?? "the response says the request failed" }
        return errorOnly(document)
    }

    /// The message of a document whose every key is an error body's (``errorKeys``), with a
    /// message and something that marks it an error: a code that is no success (`"ACCESS_FAILED"`,
    /// not `0` or `"ok"`), an `error` that is set, details, or an `id` or `login` that is an
    /// error's word (`unauthorized`, `failed`) rather than a record's. `{"error": false, "reason":
    /// "listed", "data": []}` and `{"code": 0, "msg": "success", …}` say it went well.
    private static func errorOnly(_ document: JSONNode) -> String? {
        var keys = 0, known = true, marked = false, cleared = false
        document.forEachField { key, value in
            keys += 1
            let name = String(decoding: key, as: UTF8.self)
            guard errorKeys.contains(name) else { known = false; return }
            switch name {
            case "id", "login":
                marked = marked || value.string.map { !$0.isEmpty && $0.allSatisfy { $0 == "_" || ("a"..."z").contains($0) } && (name == "id" || $0 == "failed") } ?? false
            case "error":
                if value.kind == .null || value.bool == false || value.kind == .string && isWordOfSuccess(value) { cleared = true } else { marked = true }
            case "code", "errcode", "error_code", "errorCode", "status", "statusCode", "status_code":
                if let number = value.number?.integer {
                    if number == 0 || (200..<300).contains(number) { cleared = true } else { marked = true }
                } else if value.kind == .string {
                    if isWordOfSuccess(value) { cleared = true } else { marked = true }
                }
            case "details", "errors", "fieldErrors", "generalErrors":
                if value.kind == .string || (value.kind == .array || value.kind == .object) && value.count > 0 { marked = true }
            case _ where messageKeys.contains(name):
                if value.kind == .string, isWordOfSuccess(value) { cleared = true }
            default:
                break
            }
        }
        guard known, marked, !cleared, keys >= 2, messageKeys.contains(where: { document.field(bytes: Array($0.utf8))?.string?.isEmpty == false }) else { return nil }
        return message(in: document)
    }

    /// Whether a key is one of ``messageKeys``, by bytes, without making Strings.
    private static func hasMessageKey(_ document: JSONNode) -> Bool {
        var found = false
        document.forEachField { key, _ in
            guard !found, let first = key.first, first == UInt8(ascii: "m") || first == UInt8(ascii: "e") || first == UInt8(ascii: "d") || first == UInt8(ascii: "r") else { return }
            found = messageKeyBytes.contains { key.elementsEqual($0) }
        }
        return found
    }

    private static let messageKeyBytes: [[UInt8]] = messageKeys.map { Array($0.utf8) }
    private static let messageKeys: Set<String> = ["message", "msg", "errmsg", "error_description", "detail", "description", "reason", "error_message", "error_msg", "error_info"]
    private static let errorKeys: Set<String> = messageKeys.union([
        "id", "code", "error", "errors", "error_code", "errorCode", "errcode", "status", "statusCode", "status_code", "details",
        "type", "title", "request_id", "requestId", "trace_id", "traceId", "timestamp", "path", "url", "documentation_url",
        "more_info", "data", "login", "fieldErrors", "generalErrors", "result",
    ])

    private static func saysItFailed(_ document: JSONNode) -> Bool {
        if document.field("ok")?.bool == false || document.field("success")?.bool == false { return true }
        if let status = document.field("status")?.string?.lowercased(), ["error", "fail", "failed", "failure"].contains(status) { return true }
        for key: StaticString in ["code", "status", "statusCode", "status_code", "Status", "StatusCode"] {
            if let code = document.field(key)?.number?.integer, (400..<600).contains(code) { return true }
        }
        if let code = document.field("errcode")?.number?.integer, code != 0 { return true }
        if let error = document.field("error"), error.kind == .object, document.field("jsonrpc") != nil { return true }
        return false
    }

    /// An `error` or `errors` with words in it: a message, or text that is no word of success.
    private static func carriesAnError(_ document: JSONNode) -> Bool {
        if let error = document.field("error") {
            switch error.kind {
            case .string: return !isWordOfSuccess(error)
            case .object: return MicrosoftGraphErrorBody().message(in: document) != nil
            default: break
            }
        }
        guard let errors = document.field("errors") else { return false }
        if errors.kind == .string { return !isWordOfSuccess(errors) }
        if errors.kind == .object { return ErrorWords.sentence(of: errors) != nil }
        var found = false
        if errors.kind == .array {
            errors.forEachElement { element in
                if element.kind == .string || element.kind == .object && element.count > 0 { found = true }
            }
        }
        return found
    }

    /// A string that says nothing went wrong (`"none"`, `"ok"`, `""`), in any case and spacing.
    private static func isWordOfSuccess(_ text: JSONNode) -> Bool {
        successWords.contains(String(Substring((text.string ?? "").lowercased()).trimmingWhitespace()))
    }

    private static let successWords: Set<String> = ["", "none", "null", "nil", "ok", "false", "0", "no", "success", "succeeded", "n/a"]
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
