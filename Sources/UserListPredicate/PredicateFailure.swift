/// Why a native evaluation did not give a value.
enum PredicateFailure: Error, Equatable {
    /// jq raises an error here (its message is libjq's to give: the record is run by libjq).
    case jqError
    /// Something jq defines that this evaluator does not (objects compared, a number printed):
    /// libjq decides the record.
    case unsupported
    /// `break $label` (inside `first`, `any`, `all`, `IN`): an error in jq 1.6, so a `try`
    /// between it and its label stops it, as libjq 1.6 does (`first((1,2,3) | try .)` is
    /// `1, 2, 3` there).
    case breakOut(label: Int)
}
