import UserListDomain
@_spi(Pipeline) import UserListJSON
/// A GraphQL response whose users are a connection anywhere under `data`: its `nodes`
/// (`{"data": {"organization": {"membersWithRole": {"nodes": [...]}}}}`) or its `edges`, each
/// `{"cursor", "node": {…}}` (the general mapping reads the person in `node`, as any wrapped one).
/// The first connection found, depth first, whose first elements look like users.
struct GraphQLShape: PayloadShape {
    var name: String { "GraphQL connection (general mapping)" }

    /// How deep under `data` a connection is looked for.
    static let maximumDepth = 6

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, let data = document.field("data"), data.kind == .object else { return nil }
        return Self.connection(in: data, path: [.key("data")], depth: 0).map { .array($0.array, path: $0.path) }
    }

    /// The users' `nodes` or `edges` array under `object`, and its path.
    static func connection(in object: JSONNode, path: [JSONPathComponent], depth: Int) -> (array: JSONNode, path: [JSONPathComponent], container: JSONNode)? {
        var found: (JSONNode, [JSONPathComponent], JSONNode)?
        object.forEachField { keyBytes, value in
            guard found == nil else { return }
            let key = String(decoding: keyBytes, as: UTF8.self)
            switch value.kind {
            case .array where key == "nodes" || key == "edges":
                let first = value.elements(upTo: 3).map { element in key == "edges" ? element.field("node") ?? element : element }
                // The connection's own name says what it lists (`memberships { nodes }`).
                let listedAs: String? = if case .key(let name)? = path.last { name } else { nil }
                if !first.isEmpty, first.contains(where: { GeneralEnvelopeShape.looksLikeUser($0, listedAs: listedAs) }) { found = (value, path + [.key(key)], object) }
            case .object where depth < maximumDepth:
                found = connection(in: value, path: path + [.key(key)], depth: depth + 1)
            default:
                break
            }
        }
        return found
    }

    /// A response whose connections under `data` are all empty (`"nodes": []`): a query for a
    /// list that matched nobody. One connection that holds anything but users is no empty page.
    func isEmptyPage(_ document: JSONNode) -> Bool {
        guard document.kind == .object, let data = document.field("data"), data.kind == .object else { return false }
        var connections = 0, empty = 0
        func count(_ object: JSONNode, depth: Int) {
            object.forEachField { keyBytes, value in
                if value.kind == .array, keyBytes.elementsEqual("nodes".utf8) || keyBytes.elementsEqual("edges".utf8) {
                    connections += 1
                    if value.elements(upTo: 1).isEmpty { empty += 1 }
                } else if value.kind == .object, depth < Self.maximumDepth {
                    count(value, depth: depth + 1)
                }
            }
        }
        count(data, depth: 0)
        return connections > 0 && empty == connections
    }

    /// Its arrays are deeper than ``JSONNode/holdsAnArray`` looks.
    var needsAnArray: Bool { false }

    var mapping: any RecordMapping { AutomaticMapping.shared }
}
