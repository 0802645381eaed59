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

    /// What writes a row from its columns' values as bytes, when its rows are just those values
    /// escaped (csv, tsv): a record decided from its keys then has its row written from them on
    /// the reading thread, with no cell or user made (see ``SearchAndSortJudge``).
    @_spi(Pipeline) var columnValuesWriter: (any ColumnValuesWriter)? { get }
}

/// Writes one output row of column values, on a reading thread (see ``CellEncoder/columnValuesWriter``).
@_spi(Pipeline) public protocol ColumnValuesWriter: Sendable {
    /// At most how many bytes the row of `values` (nil: absent) takes.
    func maximumSize(of values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>) -> Int

    /// Writes the row of `values` at `out`, which has ``maximumSize(of:)`` bytes of room, and
    /// returns how many it wrote.
    func write(_ values: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>?>, to out: UnsafeMutableRawPointer) -> Int
}

extension CellEncoder {
    public var needsCell: Bool { true }
    public var keyedUserFields: FieldSet? { nil }
    @_spi(Pipeline) public var columnValuesWriter: (any ColumnValuesWriter)? { nil }

    /// The rows made from records' keys.
    package func encode(_ cells: [KeyedCell]) -> [EncodedRow] {
        encode(cells.map { UserRow(cell: UserCellViewModel($0), user: $0.user) })
    }
}
