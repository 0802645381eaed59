import UserListDomain
@_spi(Pipeline) import UserListJSON
/// A top-level array of users, as JSONPlaceholder's `GET /users` returns.
struct UserArrayShape: PayloadShape {
    var name: String { "array of users" }

    /// An empty array is an empty list; otherwise at least one element must be an object: `[1, 2]`
    /// in a stream of users is one document that holds none (a reject with `--skip-bad-json`),
    /// not two records that are not users.
    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .array else { return nil }
        guard document.count > 0 else { return .array(document, path: []) }
        struct FoundAnObject: Error {}
        do {
            try document.forEachElement { (element) throws(FoundAnObject) in
                if element.kind == .object { throw FoundAnObject() }
            }
            return nil
        } catch {
            return .array(document, path: [])
        }
    }

    var mapping: any RecordMapping { AutomaticMapping.shared }
}
