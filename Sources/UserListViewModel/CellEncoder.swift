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

    /// Whether its rows read the cell alone, never the user (``OutputColumns/readsOnlyCells``):
    /// then a record decided from its keys is encoded from its ``KeyedCell``.
    var readsOnlyCells: Bool { get }
}

extension CellEncoder {
    public var needsCell: Bool { true }
    public var readsOnlyCells: Bool { false }

    /// The rows of cells made from records' keys.
    package func encode(_ cells: [KeyedCell]) -> [EncodedRow] {
        encode(cells.map { UserRow(cell: UserCellViewModel($0), user: nil) })
    }
}
