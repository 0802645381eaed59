@_spi(Pipeline) import UserListJSON
/// Salesforce's REST API answers a failed request with a top-level array of errors:
/// `[{"message": "Session expired or invalid", "errorCode": "INVALID_SESSION_ID"}]` — an array
/// that would otherwise pass for users without ids, every one skipped, exit 0.
/// Constant Contact's `[{"error_key": "unauthorized", "error_message": "Unauthorized"}]` is one too.
enum SalesforceErrorBody {
    static func message(in document: JSONNode) -> String? {
        let errors = document.elements(upTo: 8)
        guard !errors.isEmpty else { return nil }
        if errors.allSatisfy({ $0.kind == .object && $0.field("errorCode") != nil && $0.field("message") != nil }) {
            return errors.compactMap { error in error.text(of: "message").map { "\($0) (\(error.text(of: "errorCode") ?? "error"))" } }.joined(separator: "; ")
        }
        if errors.allSatisfy({ $0.kind == .object && $0.field("error_key") != nil && $0.field("error_message") != nil }) {
            return errors.compactMap { error in error.text(of: "error_message").map { "\($0) (\(error.text(of: "error_key") ?? "error"))" } }.joined(separator: "; ")
        }
        return nil
    }
}
