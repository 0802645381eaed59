@_spi(Pipeline) import UserListDomain
/// One row of the list: the seed's cell view model, and the user it was made from, for output
/// columns beyond the cell's (`--fields address.city,company.name`).
public struct UserRow: Sendable {
    public let cell: UserCellViewModel
    /// Nil for a page built from cells alone (its user columns are empty).
    public let user: User?

    public init(user: User) {
        self.user = user
        cell = UserCellViewModel(user: user)
    }

    public init(cell: UserCellViewModel, user: User?) {
        self.cell = cell
        self.user = user
    }
}
