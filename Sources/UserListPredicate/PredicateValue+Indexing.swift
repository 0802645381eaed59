/// `T[key]` as libjq 1.6's `jv_get`.
extension PredicateValue {
    /// `T.name`, the key found when compiled.
    func field(_ name: String, _ key: CanonicalKey) throws(PredicateFailure) -> PredicateValue {
        switch self {
        case .object(let object): object.value(at: key) ?? .null
        case .null: .null
        default: throw .jqError  // Cannot index ... with "name"
        }
    }

    func indexed(by key: PredicateValue) throws(PredicateFailure) -> PredicateValue {
        switch (self, key) {
        case (.object(let object), .string(let name)):
            return object.value(forKey: name) ?? .null
        case (.array(let elements), .number(let number)):
            // A whole number in C's int range, counted from the end when negative; anything
            // else is null (jq 1.6's jv_is_integer).
            guard number >= -2_147_483_648, number <= 2_147_483_647, number.rounded(.towardZero) == number else { return .null }
            var position = Int(number)
            if position < 0 { position += elements.count }
            return elements.indices.contains(position) ? elements[position] : .null
        case (.null, .string), (.null, .number):
            return .null
        case (.null, .object), (.array, .array), (.object, .object):
            throw .unsupported  // null, indices, and what jq 1.6 makes of an object key
        default:
            throw .jqError  // Cannot index ... with ...
        }
    }
}
