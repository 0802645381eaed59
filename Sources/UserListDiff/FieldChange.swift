import UserListDomain

/// One canonical field that differs between a user's OLD and NEW values (nil: missing).
public struct FieldChange: Hashable, Sendable {
    public var field: CanonicalField
    public var old: String?
    public var new: String?

    public init(field: CanonicalField, old: String?, new: String?) {
        self.field = field
        self.old = old
        self.new = new
    }
}
