import UserListDomain
@_spi(Pipeline) import UserListJSON
/// An id as APIs send it: a string, or a number (kept exact, 64-bit integers included).
public enum DTOIdentifier: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)

    /// The id as the contract's string: `1`, never `1.0`.
    public var text: String {
        switch self {
        case .string(let s): s
        case .integer(let v): String(v)
        case .unsigned(let v): String(v)
        case .double(let v): JSONNumber.double(v).text
        }
    }
}
