@_spi(Pipeline) import UserListDomain
/// One row of the list: the seed's cell view model, and the user it was made from, for output
/// columns beyond the cell's (`--fields address.city,company.name`).
public struct UserRow: Sendable {
    /// The seed's cell view model; empty in a row made without one (``init(user:makingCell:)``),
    /// which only columns that read no part of it but the id are given.
    public let cell: UserCellViewModel
    /// Nil for a page built from cells alone (its user columns are empty).
    public let user: User?

    public init(user: User) {
        self.init(user: user, makingCell: true)
    }

    /// A row without its cell when `makingCell` is false: for columns that read nothing of it but
    /// the id, which is the user's (``OutputColumns/needsCell``, ``OutputColumn/value(in:)``).
    /// Its title's initials alone cost ~1,600 instructions a row (a sorted CSV export of 50k
    /// users: 82M of 1,355M). (A cell made on demand instead, behind a check, cost every row of
    /// a full export 24M in copies.)
    public init(user: User, makingCell: Bool) {
        self.user = user
        cell = makingCell ? UserCellViewModel(user: user) : Self.unmade
    }

    public init(cell: UserCellViewModel, user: User?) {
        self.cell = cell
        self.user = user
    }

    private static let unmade = UserCellViewModel(id: "", title: "", subtitle: nil, caption: nil, avatarURL: nil, initials: "")
}
