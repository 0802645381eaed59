/// A kind of payload the Gateway recognises: where its users are, and how one record becomes a ``User``.
///
/// Each API is one small conforming type in its own file, listed in ``PayloadShapes/all``;
/// detection tries them in that order and the first match wins.
protocol PayloadShape: Sendable {
    /// A short name for messages and `--explain`, e.g. `seed-000 envelope`.
    var name: String { get }

    /// The user records of `document`, if it has this shape.
    func userRecords(in document: JSONNode) -> UserRecords?

    /// Maps one record to a user (not yet normalised: the Service trims and validates).
    func user(from record: JSONNode) throws(DTODecodingError) -> User
}

/// Where a document keeps its users.
enum UserRecords {
    /// An array of records at `path` (empty path: the document is the array).
    case array(JSONNode, path: [JSONPathComponent])
    /// The document is itself one user.
    case single(JSONNode)
}
