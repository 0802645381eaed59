import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Users in an object keyed by id, the document itself or one of its fields: Matrix's
/// `joined_members` (`{"joined": {"@alice:example.org": {"display_name": …}}}`), a Firebase
/// Realtime Database export (`{"users": {"uid1": {…}}}`), a map of Slack-style ids. Each field's
/// value is a user; a record without an id of its own gets its key as the id.
///
/// Every value of the object must be an object, and the first ones must look like users (see
/// ``GeneralEnvelopeShape/looksLikeUser(_:)``). At the top level it takes two fields at least,
/// none of them a wrapper's name (`{"user": {…}}` is one user wrapped, read as a single user).
/// Detection asks this shape last: a single user (`{"id": …}`) is never taken for a map of them,
/// nor a GraphQL response (`{"data": {"organization": {…, "membersWithRole": {"nodes": […]}}}}`).
struct KeyedUsersShape: PayloadShape {
    var name: String { "object keyed by id (general mapping)" }

    /// Keys that wrap one user or describe something else: a document keyed by them is not a map of users.
    static let notIDs: Set<String> = [
        "user", "member", "profile", "account", "person", "contact", "owner", "creator", "author", "data", "result",
        "meta", "links", "_links", "paging", "pagination", "team", "organization", "company", "address", "settings",
    ]

    func userRecords(in document: JSONNode) -> UserRecords? {
        Self.records(in: document)
    }

    static func records(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object else { return nil }
        if document.count >= 2, isMapOfUsers(document, atTop: true) { return .keyed(document, path: []) }
        var found: UserRecords?
        document.forEachField { key, value in
            guard found == nil, value.kind == .object, value.count >= 1, isMapOfUsers(value, atTop: false) else { return }
            found = .keyed(value, path: [.key(String(decoding: key, as: UTF8.self))])
        }
        return found
    }

    /// Every value an object (read in one pass over the type bytes, so a single user with a
    /// scalar among its fields is turned down at once), and the first three users by their fields.
    static func isMapOfUsers(_ object: JSONNode, atTop: Bool) -> Bool {
        var allObjects = true
        var keysAreIDs = true
        var looked = 0, users = 0
        object.forEachField { key, value in
            guard allObjects else { return }
            guard value.typeByte == UInt8(ascii: "{") else { allObjects = false; return }
            if atTop, notIDs.contains(String(decoding: key, as: UTF8.self)) { keysAreIDs = false }
            if looked < 3 {
                looked += 1
                if GeneralEnvelopeShape.looksLikeUser(value) { users += 1 }
            }
        }
        return allObjects && keysAreIDs && looked > 0 && users == looked
    }

    var needsAnArray: Bool { false }

    var mapping: any RecordMapping { AutomaticMapping.shared }
}

extension SourceRecord {
    /// A keyed record's user, with its key as the id when it has none of its own.
    func identified(byKey key: UnsafeBufferPointer<UInt8>) -> SourceRecord {
        guard case .user(var user) = self, user.id.allSatisfy(\.isWhitespace) else { return self }
        user.id = String(decoding: key, as: UTF8.self)
        return .user(user)
    }
}
