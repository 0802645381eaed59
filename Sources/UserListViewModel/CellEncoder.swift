import UserListService
@_spi(Pipeline) import UserListDomain
/// Encodes cells as output rows on the reading threads: the renderers that write each row on its
/// own (ndjson, csv, the json list's items) implement it, so a run that prints every user builds
/// and encodes its cells in parallel and keeps bytes, not users.
public protocol CellEncoder: Sendable {
    /// The encoded `rows`, in order, sharing one buffer.
    func encode(_ rows: [UserRow]) -> [EncodedRow]

    /// Whether its rows read the cell beyond its id (see ``OutputColumns/needsCell``): rows are
    /// made without one otherwise.
    var needsCell: Bool { get }

    /// The user's fields its rows read, when every one is a field records' keys hold (see
    /// ``OutputColumns/keyedUserFields``): then a record decided from its keys is encoded from its
    /// ``KeyedCell``. Nil when a row needs more of the user.
    var keyedUserFields: FieldSet? { get }

    /// Whether it encodes a row from its columns' values as bytes (``encode(columnValues:)``),
    /// which a record decided from its keys gives it when no column reads the cell.
    var encodesColumnValues: Bool { get }

    /// The rows of ``KeyedCell/values``, in its columns' order.
    @_spi(Pipeline) func encode(columnValues rows: [KeyedCell]) -> [EncodedRow]
}

extension CellEncoder {
    public var needsCell: Bool { true }
    public var keyedUserFields: FieldSet? { nil }
    public var encodesColumnValues: Bool { false }
    @_spi(Pipeline) public func encode(columnValues rows: [KeyedCell]) -> [EncodedRow] { preconditionFailure("encodes no column values") }

    /// The rows made from records' keys.
    package func encode(_ cells: [KeyedCell]) -> [EncodedRow] {
        if cells.first?.values != nil { return encode(columnValues: cells) }
        return encode(cells.map { UserRow(cell: UserCellViewModel($0), user: $0.user) })
    }
}
