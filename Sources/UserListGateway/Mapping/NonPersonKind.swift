import UserListDomain
@_spi(Pipeline) import UserListJSON
/// The words APIs type a record with when it is not a person, and what each is counted as
/// (``NonPerson/reasons``): `"type": "bot"` (Notion, Rocket.Chat), `"accountType": "app"` (Jira),
/// `"subjectKind": "group"` (Azure DevOps), `"kind": "admin#directory#group"` (Google),
/// `"@odata.type": "#microsoft.graph.servicePrincipal"` (Microsoft Graph), `"user_type": "bot"`
/// (Synapse), an LDAP entry's `objectClass` list holding `groupOfNames`, `"type": "Organization"`
/// (GitHub's `GET /users` lists organizations among users), `"UserType": "AutomatedProcess"`
/// (Salesforce's platform users), `"type": "internal_service_account"` (Authentik's outposts),
/// RingCentral's extensions that are a `Department` or an `IvrMenu`.
///
/// A value is matched by its last segment (after `.`, `#`, `/` or `:`), in lower case, with `_`,
/// `-` and spaces dropped: `Service_Account`, `service-account` and `serviceAccount` are one word.
enum NonPersonKind {
    private static let kinds: [(word: [UInt8], reason: String)] = [
        ("bot", "bot"), ("bots", "bot"), ("botuser", "bot"), ("robot", "bot"),
        ("group", "group"), ("groups", "group"), ("securitygroup", "group"), ("distributiongroup", "group"),
        ("usergroup", "group"), ("team", "group"), ("teams", "group"), ("department", "group"), ("sharedlinesgroup", "group"),
        ("groupofnames", "group"), ("groupofuniquenames", "group"), ("posixgroup", "group"),
        ("app", "app"), ("apps", "app"), ("application", "app"), ("applications", "app"), ("integration", "app"),
        ("appuser", "app"),
        ("service", "service account"), ("serviceaccount", "service account"), ("serviceprincipal", "service account"),
        ("serviceuser", "service account"), ("internalserviceaccount", "service account"),
        // Kustomer's `"userType": "machine"`.
        ("machine", "service account"), ("machineuser", "service account"),
        // VK's `"deactivated": "deleted"`.
        ("deleted", "deleted account"),
        ("system", "system account"), ("systemuser", "system account"), ("automatedprocess", "system account"),
        // A phone system's extensions that ring no one (RingCentral's `"type": "IvrMenu"`).
        ("ivrmenu", "system account"), ("announcement", "system account"), ("voicemail", "system account"),
        ("parklocation", "system account"), ("pagingonly", "system account"),
        ("organization", "organization"), ("organisation", "organization"),
    ].map { (Array($0.0.utf8), $0.1) }

    /// What `node` (a string, or a list of strings) types its record as, when not a person.
    static func reason(of node: JSONNode) -> String? {
        if let bytes = node.stringBytes { return reason(of: bytes) }
        // A type that is an object names itself by `id` (YouTrack's `"userType": {"id": "SERVICE"}`).
        if node.kind == .object, let id = node.field("id"), let bytes = id.stringBytes { return reason(of: bytes) }
        guard node.kind == .array else { return nil }
        var found: String?
        node.forEachElement { element in
            if found == nil, let bytes = element.stringBytes { found = reason(of: bytes) }
        }
        return found
    }

    static func reason(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let start = (bytes.lastIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ":") }).map { $0 + 1 } ?? 0
        var word: [UInt8] = []
        for byte in bytes[start...] where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: " ") {
            guard word.count < 24 else { return nil }
            word.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        return kinds.first { $0.word == word }?.reason
    }
}
