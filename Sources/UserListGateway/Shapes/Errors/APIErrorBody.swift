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
        SlackErrorBody(),
        SCIMErrorBody(),
        MicrosoftGraphErrorBody(),
        GitHubErrorBody(),
        GenericErrorBody(),
    ]

    static func message(in document: JSONNode) -> String? {
        guard document.kind == .object else { return nil }
        for body in all {
            if let message = body.message(in: document) { return message }
        }
        return nil
    }
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
