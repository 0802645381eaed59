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
        case .integer(let v): Self.decimal(v.magnitude, negative: v < 0)
        case .unsigned(let v): Self.decimal(v, negative: false)
        case .double(let v): JSONNumber.double(v).text
        }
    }

    /// `String(v)` without the generic path, which cost ~250 instructions an id (12M of W1's 724M
    /// on 50k users): the digits written backwards into a small buffer, then one String of them.
    private static func decimal(_ magnitude: UInt64, negative: Bool) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var value = magnitude
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            } while value != 0
            let count = 20 - start + (negative ? 1 : 0)
            return String(unsafeUninitializedCapacity: count) { out in
                var at = 0
                if negative { out[0] = UInt8(ascii: "-"); at = 1 }
                for index in start..<20 { out[at] = digits[index]; at += 1 }
                return count
            }
        }
    }
}
