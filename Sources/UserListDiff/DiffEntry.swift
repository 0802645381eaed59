import UserListDomain

/// One difference between OLD and NEW, as the renderers print it.
public struct DiffEntry: Sendable {
    public var change: DiffChange
    public var id: String
    /// The user as OLD has it: for `removed` and `changed`.
    public var old: User?
    /// The user as NEW has it: for `added` and `changed`.
    public var new: User?
    /// For `changed`: the compared fields whose values differ, in canonical order.
    public var changes: [FieldChange]

    public init(change: DiffChange, id: String, old: User? = nil, new: User? = nil, changes: [FieldChange] = []) {
        self.change = change
        self.id = id
        self.old = old
        self.new = new
        self.changes = changes
    }

    /// The user the entry is about: NEW's, else OLD's.
    public var user: User? { new ?? old }
}
