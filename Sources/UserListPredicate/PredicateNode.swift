/// A jq program as the native evaluator runs it. jq's own builtins that are defined in jq
/// (`select`, `first`, `any`, `IN`, ...) are spelled here in these nodes exactly as jq 1.6's
/// src/builtin.jq defines them, so they fail, stop and backtrack where jq's do.
indirect enum PredicateNode {
    case identity
    case literal(PredicateValue)
    /// A `--arg`/`--argjson` value or an `as $name` binding, by slot.
    case variable(slot: Int)
    /// `E as $name | body`.
    case bind(source: PredicateNode, slot: Int, body: PredicateNode)
    /// `T.key`, `T[key]`; `optional` for `T.key?` (only the indexing's own error is dropped).
    case index(PredicateNode, key: PredicateNode, optional: Bool)
    /// `T.key`, `T."key"`, `T["key"]` with a literal key, looked up when compiled.
    case field(PredicateNode, key: String, CanonicalKey, optional: Bool)
    /// `T[]`, `T[]?`.
    case iterate(PredicateNode, optional: Bool)
    case pipe(PredicateNode, PredicateNode)
    case comma(PredicateNode, PredicateNode)
    /// `a // b` (jq 1.6: errors in `a` are not dropped).
    case alternative(PredicateNode, PredicateNode)
    case and(PredicateNode, PredicateNode)
    case or(PredicateNode, PredicateNode)
    case compare(PredicateComparison, PredicateNode, PredicateNode)
    /// `[E]`.
    case collect(PredicateNode)
    /// `if c then a else b end` (`elif` is a nested `if`).
    case conditional(PredicateNode, then: PredicateNode, else: PredicateNode)
    /// `try E` and `E?`: drops E's errors, and (jq 1.6) the errors of whatever E's outputs go
    /// on to, which then ends E.
    case attempt(PredicateNode)
    /// `label $l | E`; `break $l`.
    case label(Int, PredicateNode)
    case breakOut(Int)
    case empty
    /// A builtin jq implements in C: its arguments are evaluated on the input, the last one
    /// outermost, as libjq does.
    case function(PredicateFunction, [PredicateNode])
    /// `any(gen; cond)` and `all(gen; cond)` (jq 1.6's `foreach`-and-`break` definitions).
    case quantifier(all: Bool, label: Int, generator: PredicateNode, condition: PredicateNode)
    /// A part with one output, evaluated as a plain call (``directed()``).
    case direct(PredicateNode)
    /// `reduce E as $v (false; if . or $v then true else false end)`: whether any output of E is
    /// truthy, after running E to its end.
    case reduceOr(PredicateNode)
}

enum PredicateComparison: String {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}

/// The builtins libjq implements in C (src/builtin.c) or that reduce to one step here.
enum PredicateFunction: String {
    case not, length, utf8bytelength, type, tostring, tonumber
    case asciiDowncase = "ascii_downcase", asciiUpcase = "ascii_upcase"
    case startswith, endswith, ltrimstr, rtrimstr, contains, has
    /// `_match_impl(re; flags; true)`: `test(re; flags)`.
    case test
    /// `test($val)`: a regex string or `[regex, flags]`.
    case testValue
}
