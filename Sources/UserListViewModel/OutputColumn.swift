@_spi(Pipeline) import UserListDomain
/// One output column (`--fields`): a key of the cell, or a field of the canonical user, under the
/// name it was asked for.
public struct OutputColumn: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        case cell(CellKey)
        case user(CanonicalField)
    }

    /// The name as given: the header, or the key of an ndjson object.
    public let name: String
    public let source: Source

    /// A cell key wins where a name is both (`id`, `avatarURL`: the same value either way).
    public init?(name: String) {
        self.name = name
        if let key = CellKey(rawValue: name) {
            source = .cell(key)
        } else if let field = CanonicalField(rawValue: name) {
            source = .user(field)
        } else {
            return nil
        }
    }

    /// The column's value in `row`.
    public func value(in row: UserRow) -> String? {
        switch source {
        // The id is the user's: a row made without a cell is not made one for it.
        case .cell(.id): row.user?.id ?? row.cell.id
        case .cell(let key): row.cell.value(of: key)
        case .user(let field): row.user?.text(of: field)
        }
    }
}
