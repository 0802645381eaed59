import CJQ
import UserListPredicate

extension JQValue {
    /// The value for a native predicate; nil for what it holds no form of (objects).
    package var predicateValue: PredicateValue? {
        Self.predicateValue(of: raw)
    }

    private static func predicateValue(of value: jv) -> PredicateValue? {
        switch jv_get_kind(value) {
        case JV_KIND_NULL: return .null
        case JV_KIND_TRUE: return .bool(true)
        case JV_KIND_FALSE: return .bool(false)
        case JV_KIND_NUMBER: return .number(jv_number_value(value))
        case JV_KIND_STRING: return .string(JQValue(owning: jv_copy(value)).rawText())
        case JV_KIND_ARRAY:
            var elements: [PredicateValue] = []
            for index in 0..<jv_array_length(jv_copy(value)) {
                let element = JQValue(owning: jv_array_get(jv_copy(value), index))
                guard let converted = predicateValue(of: element.raw) else { return nil }
                elements.append(converted)
            }
            return .array(elements)
        default:
            return nil
        }
    }
}

extension JQVariables {
    /// `--arg`/`--argjson`/`--rawfile`/`--slurpfile` bindings as a native predicate takes them.
    package var predicateVariables: [(name: String, value: PredicateValue?)] {
        bindings.map { binding in
            guard case .success(let value) = JQValue.parse(binding.json) else { return (binding.name, nil) }
            return (binding.name, value.predicateValue)
        }
    }
}
