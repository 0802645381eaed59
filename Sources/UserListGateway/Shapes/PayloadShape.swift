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

    /// Whether `document`, in which ``userRecords(in:)`` found no users, is a page of this API
    /// that lists none: one that leaves its list out when nothing matched (SCIM's `Resources`,
    /// Google's `users`) is a valid empty page, not a document without users. Asked only then.
    func isEmptyPage(_ document: JSONNode) -> Bool

    /// Whether an object document can only have this shape if it holds an array (in its fields
    /// or one level down). Envelopes do; a single user need not. Detection skips these shapes
    /// for the single users of an NDJSON export without asking each of them.
    var needsAnArray: Bool { get }

    /// This shape with its mapping as a run's options want it (see ``ConfiguredShape``).
    func configured(_ options: MappingOptions) -> any PayloadShape
}

extension PayloadShape {
    func morePages(in document: JSONNode) -> String? { nil }
    func isEmptyPage(_ document: JSONNode) -> Bool { false }
    var needsAnArray: Bool { true }
    func configured(_ options: MappingOptions) -> any PayloadShape { ConfiguredShape(self, options) }
}

extension JSONNode {
    /// Whether an array is among this object's fields or its nested objects' fields.
    ///
    /// Asked of every document (an NDJSON line each), so it reads the tape's type bytes in plain
    /// loops: the closures of `forEachField` and their `kind` switches cost 389 instructions per
    /// record (19.4M of 1.37G on 50k users).
    var holdsAnArray: Bool {
        guard typeByte == UInt8(ascii: "{") else { return false }
        var found = false
        forEachValue { value in
            switch value.typeByte {
            case UInt8(ascii: "["): found = true
            case UInt8(ascii: "{"): value.forEachValue { found = $0.typeByte == UInt8(ascii: "["); return !found }
            default: break
            }
            return !found
        }
        return found
    }

    /// Calls `body` with each field's value while it returns true (an object's only).
    @inline(__always)
    private func forEachValue(_ body: (JSONNode) -> Bool) {
        let end = nextIndex - 1
        var key = index + 1
        while key < end {
            let value = node(at: key + 1)
            guard body(value) else { return }
            key = value.nextIndex
        }
    }
}

/// Where a document keeps its users.
enum UserRecords {
    /// An array of records at `path` (empty path: the document is the array).
    case array(JSONNode, path: [JSONPathComponent])
    /// The document, or the object at `path`, is itself one user.
    case single(JSONNode, path: [JSONPathComponent] = [])
    /// An object at `path` whose every field is a user, keyed by the user's id
    /// (`{"U1": {…}, "U2": {…}}`): a record without an id of its own gets its key (``KeyedUsersShape``).
    case keyed(JSONNode, path: [JSONPathComponent])
    /// The same list in every element of an outer list (each team's `members`): their records
    /// in document order, each array at its own path (``DeepEnvelopeShape``).
    case arrays([(JSONNode, path: [JSONPathComponent])])
    /// Several arrays could be the users: the document needs `--users-at`.
    case ambiguous([[JSONPathComponent]])

    /// An empty array or keyed object: a page of no users, or an error body's envelope.
    var holdNone: Bool {
        switch self {
        case .array(let node, _), .keyed(let node, _): node.count == 0
        case .arrays(let arrays): arrays.allSatisfy { $0.0.count == 0 }
        case .single, .ambiguous: false
        }
    }
}
