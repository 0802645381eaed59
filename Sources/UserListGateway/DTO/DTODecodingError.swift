import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Why a record could not be read as a DTO: a field of the wrong JSON type.
struct DTODecodingError: Error, Hashable {
    var reason: String

    static func typeMismatch(_ field: String, found: JSONKind, expected: String) -> DTODecodingError {
        DTODecodingError(reason: "\"\(field)\" is \(found.article) \(found.rawValue), expected \(expected)")
    }
}

extension JSONKind {
    var article: String { self == .object || self == .array ? "an" : "a" }
}
