import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Why a record could not be read as a DTO: a field of the wrong JSON type.
struct DTODecodingError: Error, Hashable {
    var reason: String

    /// An id given as a number with a fraction or an exponent that a double can't stand for
    /// exactly: `1.5`; `1e22` (a double keeps 17 digits: it and `10000000000000000000000` would
    /// be two ids); `1e-400`, which reads as 0 and would collide with id 0. `1.0` and `2e3` are
    /// ids `1` and `2000`; integers of any length are kept as written (see ``acceptsAsID(_:)``).
    static func inexactID(_ field: String, read value: Double) -> DTODecodingError {
        DTODecodingError(reason: "\"\(field)\" is a number with a fraction or an exponent that is not a whole number an id can be exactly (read as \(JSONNumber.double(value).text)); write it as an integer or a string")
    }

    /// Whether a number read as a double (it had a fraction or an exponent) is an id: a non-zero
    /// whole number below 2^53, where every double is exactly the integer written.
    static func acceptsAsID(_ value: Double) -> Bool {
        value != 0 && value.rounded() == value && abs(value) < 9_007_199_254_740_992
    }

    static func typeMismatch(_ field: String, found: JSONKind, expected: String) -> DTODecodingError {
        DTODecodingError(reason: "\"\(field)\" is \(found.article) \(found.rawValue), expected \(expected)")
    }
}

extension JSONKind {
    var article: String { self == .object || self == .array ? "an" : "a" }
}
