import UserListDomain
@_spi(Pipeline) import UserListJSON
/// GitHub's `GET /users` (an array of short users) and `GET /users/{username}` (one full user):
/// `login`, `node_id`, `avatar_url`; the full user adds `name`, `company` (a string), `blog`,
/// `location`, `email`, `bio`.
struct GitHubShape: PayloadShape {
    var name: String { "GitHub users" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        switch document.kind {
        case .object:
            return Self.isGitHubUser(document) ? .single(document) : nil
        case .array:
            guard let first = document.elements(upTo: 1).first, Self.isGitHubUser(first) else { return nil }
            return .array(document, path: [])
        default:
            return nil
        }
    }

    private static func isGitHubUser(_ record: JSONNode) -> Bool {
        record.kind == .object && record.hasField("login") && record.hasField("node_id")
    }

    var needsAnArray: Bool { false }

    var mapping: any RecordMapping { Self.mapping }

    private static let mapping = UserMapping([
        .id: ["id"],
        .name: ["name"],
        .username: ["login"],
        .email: ["email"],
        .avatarURL: ["avatar_url"],
        .bio: ["bio"],
        .website: ["blog", "html_url"],
        .city: ["location"],
        .companyName: ["company"],
    ], excluding: [
        // `GET /users` lists organizations (`"type": "Organization"`) and apps' bots
        // (`"type": "Bot"`) among the users.
        RecordExclusion(kindOf: FieldPath(keys: ["type"])),
    ])
}
