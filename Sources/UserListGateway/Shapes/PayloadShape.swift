import UserListDomain
@_spi(Pipeline) import UserListJSON
/// A kind of payload the Gateway recognises: where its users are, and how one record becomes a ``User``.
///
/// Each API is one small conforming type in its own file, listed in ``PayloadShapes/all``;
/// detection tries them in that order and the first match wins.
protocol PayloadShape: Sendable {
    /// A short name for messages and `--explain`, e.g. `randomuser.me results`.
    var name: String { get }

    /// The user records of `document`, if it has this shape.
    func userRecords(in document: JSONNode) -> UserRecords?

    /// How each record becomes a user (not yet normalised: the Service trims and validates).
    var mapping: any RecordMapping { get }

    /// When the document says it is one page of several and more follow, how it says so
    /// (`@odata.nextLink is set`); nil otherwise.
    func morePages(in document: JSONNode) -> String?

    /// Whether an object document can only have this shape if it holds an array (in its fields
    /// or one level down). Envelopes do; a single user need not. Detection skips these shapes
    /// for the single users of an NDJSON export without asking each of them.
    var needsAnArray: Bool { get }
}

extension PayloadShape {
    func morePages(in document: JSONNode) -> String? { nil }
    var needsAnArray: Bool { true }
}

extension JSONNode {
    /// Whether an array is among this object's fields or its nested objects' fields.
    var holdsAnArray: Bool {
        var found = false
        forEachField { _, value in
            if found { return }
            if value.kind == .array { found = true }
            if value.kind == .object { value.forEachField { _, inner in if inner.kind == .array { found = true } } }
        }
        return found
    }
}

/// Where a document keeps its users.
enum UserRecords {
    /// An array of records at `path` (empty path: the document is the array).
    case array(JSONNode, path: [JSONPathComponent])
    /// The document, or the object at `path`, is itself one user.
    case single(JSONNode, path: [JSONPathComponent] = [])
    /// Several arrays could be the users: the document needs `--users-at`.
    case ambiguous([[JSONPathComponent]])
}
