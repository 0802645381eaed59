/// Runs a ``PredicateNode`` the way libjq 1.6 runs the same program: outputs in jq's order,
/// generators backtracked in jq's order (a binary operator's right side outermost), jq's errors
/// where jq raises them, and 1.6's `try`, which also stops on errors of what follows it.
///
/// Outputs go to a continuation that says whether to go on, so asking for the first output
/// evaluates nothing after it. One evaluator per thread (it keeps the variables and compiled
/// regexes).
final class PredicateEvaluator {
    typealias Emit = (PredicateValue) throws(PredicateFailure) -> Bool

    /// `--arg` values first, then one slot per `as $name`.
    private var slots: [PredicateValue]
    let regexes = RegexCache()

    init(slots: [PredicateValue]) {
        self.slots = slots
    }

    func variable(at slot: Int) -> PredicateValue { slots[slot] }

    /// Runs `body` with `$slot` bound to `value`.
    func withSlot<R>(_ slot: Int, _ value: PredicateValue, _ body: () throws(PredicateFailure) -> R) throws(PredicateFailure) -> R {
        let saved = slots[slot]
        slots[slot] = value
        defer { slots[slot] = saved }
        return try body()
    }

    /// Evaluates `node` on `input`, handing each output to `emit`; false when `emit` asked to stop.
    func evaluate(_ node: PredicateNode, _ input: PredicateValue, _ emit: Emit) throws(PredicateFailure) -> Bool {
        switch node {
        case .identity:
            return try emit(input)
        case .literal(let value):
            return try emit(value)
        case .variable(let slot):
            return try emit(slots[slot])
        case .empty:
            return true
        case .breakOut(let label):
            throw .breakOut(label: label)
        case .direct(let node):
            return try emit(try value(node, input))
        case .bind(let source, let slot, let body):
            return try evaluate(source, input) { (value) throws(PredicateFailure) in
                try withSlot(slot, value) { () throws(PredicateFailure) in try evaluate(body, input, emit) }
            }
        case .pipe(let first, let second):
            return try evaluate(first, input) { (value) throws(PredicateFailure) in try evaluate(second, value, emit) }
        case .comma(let first, let second):
            guard try evaluate(first, input, emit) else { return false }
            return try evaluate(second, input, emit)
        case .index(let term, let key, let optional):
            return try index(term, key, optional: optional, input, emit)
        case .field(let term, let name, let key, let optional):
            return try evaluate(term, input) { (t) throws(PredicateFailure) in
                let value: PredicateValue
                do throws(PredicateFailure) {
                    value = try t.field(name, key)
                } catch .jqError where optional {
                    return true
                }
                return try emit(value)
            }
        case .iterate(let term, let optional):
            return try evaluate(term, input) { (value) throws(PredicateFailure) in
                switch value {
                case .array(let elements):
                    for element in elements where !(try emit(element)) { return false }
                    return true
                case .object:
                    throw .unsupported
                default:
                    if optional { return true }
                    throw .jqError  // Cannot iterate over ...
                }
            }
        case .alternative(let first, let second):
            return try alternative(first, second, input, emit)
        case .and(let left, let right):
            return try evaluate(left, input) { (l) throws(PredicateFailure) in
                guard l.isTruthy else { return try emit(.bool(false)) }
                return try evaluate(right, input) { (r) throws(PredicateFailure) in try emit(.bool(r.isTruthy)) }
            }
        case .or(let left, let right):
            return try evaluate(left, input) { (l) throws(PredicateFailure) in
                if l.isTruthy { return try emit(.bool(true)) }
                return try evaluate(right, input) { (r) throws(PredicateFailure) in try emit(.bool(r.isTruthy)) }
            }
        case .compare(let comparison, let left, let right):
            return try evaluate(right, input) { (r) throws(PredicateFailure) in
                try evaluate(left, input) { (l) throws(PredicateFailure) in
                    try emit(.bool(comparison.holds(try l.compare(to: r))))
                }
            }
        case .collect(let inner):
            var elements: [PredicateValue] = []
            _ = try evaluate(inner, input) { (value) throws(PredicateFailure) in
                elements.append(value)
                return true
            }
            return try emit(.array(elements))
        case .conditional(let condition, let then, let otherwise):
            return try evaluate(condition, input) { (c) throws(PredicateFailure) in
                try evaluate(c.isTruthy ? then : otherwise, input, emit)
            }
        case .attempt(let body):
            do throws(PredicateFailure) {
                return try evaluate(body, input, emit)
            } catch .unsupported {
                throw .unsupported
            } catch {
                return true  // jq 1.6: an error, or a break, ends the try's generator
            }
        case .label(let label, let body):
            do throws(PredicateFailure) {
                return try evaluate(body, input, emit)
            } catch .breakOut(label) {
                return true
            }
        case .function(let function, let arguments):
            return try call(function, arguments, input, emit)
        case .quantifier(let all, let label, let generator, let condition):
            return try quantify(all: all, label: label, generator, condition, input, emit)
        case .reduceOr(let source):
            var any = false
            _ = try evaluate(source, input) { (value) throws(PredicateFailure) in
                any = any || value.isTruthy
                return true
            }
            return try emit(.bool(any))
        }
    }

    /// `T[key]`: the key's outputs outermost, as libjq evaluates it (the key is a subexpression
    /// run before the term).
    private func index(_ term: PredicateNode, _ key: PredicateNode, optional: Bool, _ input: PredicateValue, _ emit: Emit) throws(PredicateFailure) -> Bool {
        try evaluate(key, input) { (k) throws(PredicateFailure) in
            try evaluate(term, input) { (t) throws(PredicateFailure) in
                let value: PredicateValue
                do throws(PredicateFailure) {
                    value = try t.indexed(by: k)
                } catch .jqError where optional {
                    return true
                }
                return try emit(value)
            }
        }
    }

    /// `a // b`: a's truthy outputs; if there were none, b's. Errors in `a` are errors of the
    /// whole in jq 1.6 (`(error("x")) // 1` fails there; jq 1.7 gives 1).
    private func alternative(_ first: PredicateNode, _ second: PredicateNode, _ input: PredicateValue, _ emit: Emit) throws(PredicateFailure) -> Bool {
        var found = false
        let goOn = try evaluate(first, input) { (value) throws(PredicateFailure) in
            guard value.isTruthy else { return true }
            found = true
            return try emit(value)
        }
        if !goOn { return false }
        return found ? true : try evaluate(second, input, emit)
    }

    /// jq 1.6's `any(g; c)` and `all(g; c)`, which are
    ///
    ///     [label $out | foreach g as $i (false; if . then break $out elif $i | c then true else . end;
    ///                                   if . then . else empty end)] | length == 1
    ///
    /// (`all` alike, from true, breaking on a falsy state, `length == 0`), with 1.6's `foreach`:
    /// the state is taken out of its variable for the update, so an element on which `c` has no
    /// output leaves it null, and each output of `c` is a new state (`any(1; (true, true))` is
    /// false there). The break comes on the element after the deciding one, before `c` runs.
    private func quantify(all: Bool, label: Int, _ generator: PredicateNode, _ condition: PredicateNode, _ input: PredicateValue, _ emit: Emit) throws(PredicateFailure) -> Bool {
        var state: PredicateValue = .bool(all)
        var extracted = 0
        do throws(PredicateFailure) {
            _ = try evaluate(generator, input) { (element) throws(PredicateFailure) in
                let old = state
                state = .null
                if old.isTruthy != all { throw .breakOut(label: label) }
                return try evaluate(condition, element) { (c) throws(PredicateFailure) in
                    state = c.isTruthy == all ? old : .bool(!all)
                    if state.isTruthy != all { extracted += 1 }
                    return true
                }
            }
        } catch .breakOut(label) {}
        return try emit(.bool(all ? extracted == 0 : extracted == 1))
    }
}

extension PredicateComparison {
    func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}
