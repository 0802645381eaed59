import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Users further down than ``GeneralEnvelopeShape`` looks, asked when no other shape found any:
/// New Relic's NerdGraph (`data.actor.organization.userManagement.authenticationDomains
/// .authenticationDomains[].users.users[]`), ClickUp's workspaces (`teams[].members[]`, each a
/// `{"user": …}` wrapper), any list of groups that each list their people.
///
/// The document is walked level by level (a field or an array element is a level), through
/// objects and the elements of arrays that are not users, down to ``maximumDepth``. The arrays of
/// user-like records (``GeneralEnvelopeShape/looksLikeUser(_:)``) found at the shallowest level
/// with an id (``isIdentifiedUser(_:)``) are the users when they are one array, or the same array in every element of a list (every
/// team's `members`: all of them, in document order; a person in two teams is a duplicate id,
/// dropped with the run's warning). Arrays under different names at that level are narrowed to
/// the well-known names (`users`, `members`, …); still more than one is ambiguous, as at the top.
/// With no such array, one object of users keyed by id at that level is the users (Nextcloud's
/// `ocs.data.users`, as ``KeyedUsersShape`` reads one at the top).
/// A document that says it failed (``APIErrorBodies/failure(in:)``) has no users further down.
struct DeepEnvelopeShape: PayloadShape {
    var name: String { "envelope, users further down (general mapping)" }

    /// Levels walked below the document (New Relic's users are 9 down).
    static let maximumDepth = 12

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object || document.kind == .array else { return nil }
        // An error body is the document's answer, whatever list of people its details hold
        // (`{"error": {"message": …, "details": {"conflicts": [{"email": …}]}}}`).
        if APIErrorBodies.failure(in: document) != nil { return nil }
        var level: [(node: JSONNode, path: [JSONPathComponent])] = [(document, [])]
        for _ in 0..<Self.maximumDepth {
            var found: [(array: JSONNode, path: [JSONPathComponent])] = []
            var keyed: [(object: JSONNode, path: [JSONPathComponent])] = []
            var next: [(node: JSONNode, path: [JSONPathComponent])] = []
            for (container, path) in level {
                Self.forEachChild(of: container) { component, value in
                    let childPath = path + [component]
                    if value.kind == .array, case .key(let key) = component, value.elements(upTo: 3).contains(where: { Self.isIdentifiedUser($0, listedAs: key) }) {
                        found.append((value, childPath))
                    } else if value.kind == .object, case .key = component, value.count >= 2, KeyedUsersShape.isMapOfUsers(value, atTop: true) {
                        keyed.append((value, childPath))
                    } else if value.kind == .object || value.kind == .array {
                        next.append((value, childPath))
                    }
                }
            }
            if !found.isEmpty { return Self.choose(found) }
            // Users keyed by id this far down (Nextcloud's `ocs.data.users`): only one such object.
            if keyed.count == 1 { return .keyed(keyed[0].object, path: keyed[0].path) }
            if keyed.count > 1 { return .ambiguous(keyed.map(\.path)) }
            guard !next.isEmpty else { return nil }
            level = next
        }
        return nil
    }

    /// A user-like record (``GeneralEnvelopeShape/looksLikeUser(_:)``) with an id: this far down,
    /// a list of people without ids is a detail of the records above it (Front's contacts each
    /// list their `handles`, `[{"handle": "…", "source": "email"}]`), not the users.
    static func isIdentifiedUser(_ record: JSONNode, listedAs key: String? = nil) -> Bool {
        GeneralEnvelopeShape.looksLikeUser(record, listedAs: key) && UserMapping.general.sources(of: record).contains { $0.0 == .id }
    }

    /// One list's arrays (every instance of one path, indices aside), or the ambiguity.
    private static func choose(_ found: [(array: JSONNode, path: [JSONPathComponent])]) -> UserRecords {
        var patterns: [String] = []
        var byPattern: [String: [(array: JSONNode, path: [JSONPathComponent])]] = [:]
        for candidate in found {
            let pattern = JSONPathLocator.describe(candidate.path.map { component in
                switch component {
                case .index: .index(0)
                // A key that is a record's id is an index too (Zoho People's `result[{"4127…": […]}]`).
                case .key(let key) where Self.isIDLike(key): .index(0)
                default: component
                }
            })
            if byPattern[pattern] == nil { patterns.append(pattern) }
            byPattern[pattern, default: []].append(candidate)
        }
        if patterns.count > 1 {
            let wellKnown = patterns.filter { pattern in
                guard case .key(let key)? = byPattern[pattern]?[0].path.last else { return false }
                return GeneralEnvelopeShape.isWellKnown(key)
            }
            guard wellKnown.count == 1 else { return .ambiguous(patterns.compactMap { byPattern[$0]?[0].path }) }
            patterns = wellKnown
        }
        let arrays = byPattern[patterns[0]] ?? []
        if arrays.count == 1 { return .array(arrays[0].array, path: arrays[0].path) }
        return .arrays(arrays.map { ($0.array, $0.path) })
    }

    /// A key that is an id, not a name: digits (three or more), or a UUID's hex and dashes.
    static func isIDLike(_ key: String) -> Bool {
        let utf8 = key.utf8
        if utf8.count >= 3, utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        return utf8.count >= 32 && utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F")) }
    }

    private static func forEachChild(of node: JSONNode, _ body: (JSONPathComponent, JSONNode) -> Void) {
        if node.kind == .object {
            node.forEachField { key, value in body(.key(String(decoding: key, as: UTF8.self)), value) }
        } else {
            var index = 0
            node.forEachElement { element in
                body(.index(index), element)
                index += 1
            }
        }
    }

    /// Its arrays are deeper than ``JSONNode/holdsAnArray`` looks.
    var needsAnArray: Bool { false }

    var mapping: any RecordMapping { AutomaticMapping.shared }
}
