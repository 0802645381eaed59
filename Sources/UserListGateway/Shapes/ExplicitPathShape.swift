import UserListDomain
@_spi(Pipeline) import UserListJSON
/// The users are where `--users-at` says: an array of user records, an object of users keyed by
/// id, or one user object.
struct ExplicitPathShape: PayloadShape {
    let path: UsersAtPath
    var mapping: any RecordMapping = AutomaticMapping.shared

    var name: String { "where --users-at says (general mapping)" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard let value = document.value(at: path.components) else { return nil }
        switch value.kind {
        case .array: return .array(value, path: path.components)
        // An object of users keyed by id (Nextcloud's `ocs.data.users`), else one user.
        case .object: return value.count >= 2 && KeyedUsersShape.isMapOfUsers(value, atTop: true) ? .keyed(value, path: path.components) : .single(value)
        default: return nil
        }
    }

    var needsAnArray: Bool { false }

    /// Itself, so the run still knows where `--users-at` looked (its message names the path).
    func configured(_ options: MappingOptions) -> any PayloadShape {
        var shape = self
        shape.mapping = mapping.configured(options)
        return shape
    }
}
