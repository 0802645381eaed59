import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Typed reads for DTO decoding: `null` is `nil`, and so is `false` in a field of text or an
/// object (Odoo and PHP APIs write `false` for an empty field); any other wrong type is a
/// ``DTODecodingError``.
extension JSONNode {
    /// `null`, or `false` where a value would be text or an object: no value.
    var isNoValue: Bool { isNull || kind == .bool && bool == false }

    /// A string field; with `keep` false only its type is checked (a field the run doesn't need).
    func decodeString(_ field: String, keep: Bool = true) throws(DTODecodingError) -> String? {
        if kind == .string { return keep ? string : nil }
        if isNoValue { return nil }
        throw .typeMismatch(field, found: kind, expected: "a string")
    }

    /// A field that is text but often sent as a number (phone, zipcode, coordinates).
    func decodeText(_ field: String, keep: Bool = true) throws(DTODecodingError) -> String? {
        if kind == .string { return keep ? string : nil }
        if let n = number { return keep ? n.text : nil }
        if isNoValue { return nil }
        throw .typeMismatch(field, found: kind, expected: "a string")
    }

    /// An id: a string or a number, kept exact.
    func decodeIdentifier(_ field: String) throws(DTODecodingError) -> DTOIdentifier? {
        if let s = string { return .string(s) }
        switch number {
        case .int(let v): return .integer(v)
        case .uint(let v): return .unsigned(v)
        case .double(let v):
            guard DTODecodingError.acceptsAsID(v) else { throw .inexactID(field, read: v) }
            return .double(v)
        case nil: break
        }
        if isNull { return nil }
        throw .typeMismatch(field, found: kind, expected: "a string or a number")
    }

    /// A nested object, decoded by `decode`.
    func decodeObject<T>(_ field: String, _ decode: (JSONNode) throws(DTODecodingError) -> T) throws(DTODecodingError) -> T? {
        if kind == .object { return try decode(self) }
        if isNoValue { return nil }
        throw .typeMismatch(field, found: kind, expected: "an object")
    }
}
