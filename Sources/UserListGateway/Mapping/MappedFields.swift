import UserListDomain
/// The canonical fields one record resolved to, collected into the ``User`` as they are found.
///
/// Written through the field table's one writer (``User/setText(_:of:)``), which makes the
/// address, geo or company when the first of its fields is set: the user has an object only
/// when one of its fields was found, as the mapping wants.
struct MappedFields {
    private var collected = User(id: "")

    /// Sets one field (only written: the fields are read all at once by ``user()``).
    mutating func set(_ field: CanonicalField, _ value: String?) {
        collected.setText(value, of: field)
    }

    /// The user.
    func user() -> User { collected }
}
