import UserListDomain

/// A jq value as a native `--where` sees it: the canonical user's text fields, its nested
/// objects, and the literals and `--arg`/`--argjson` values of the expression.
///
/// Strings are compared, searched and measured by their UTF-8 bytes, as libjq does (Swift's `==`
/// on `String` would equate canonically equivalent text that jq tells apart).
public enum PredicateValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([PredicateValue])
    case object(CanonicalObject)

    /// jq's truth: everything but `false` and `null`.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        default: true
        }
    }

    /// jq's `type`.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The kinds in libjq's order (`jv_kind`: null < false < true < number < string < array <
    /// object), which orders values of different kinds.
    var kindRank: Int {
        switch self {
        case .null: 1
        case .bool(let value): value ? 3 : 2
        case .number: 4
        case .string: 5
        case .array: 6
        case .object: 7
        }
    }

    init(_ text: String?) {
        self = text.map { .string($0) } ?? .null
    }
}
