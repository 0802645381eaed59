/// Most predicates have one output and no generator anywhere in them (`.address.city == $c and
/// (.name | test("^A"))`): those parts are marked ``PredicateNode/direct(_:)`` and evaluated as
/// plain calls that return their value, with no continuation per step (1,700 instructions a
/// user for `.address.city == "Zürich"` through continuations).
extension PredicateNode {
    /// Whether the node always gives exactly one output (or raises an error).
    var isSingle: Bool {
        switch self {
        case .identity, .literal, .variable, .collect, .reduceOr, .quantifier:
            return true
        case .field(let term, _, _, let optional):
            return !optional && term.isSingle
        case .index(let term, let key, let optional):
            return !optional && term.isSingle && key.isSingle
        case .pipe(let a, let b), .compare(_, let a, let b), .and(let a, let b), .or(let a, let b), .alternative(let a, let b):
            return a.isSingle && b.isSingle
        case .bind(let source, _, let body):
            return source.isSingle && body.isSingle
        case .conditional(let c, let a, let b):
            return c.isSingle && a.isSingle && b.isSingle
        case .function(_, let arguments):
            return arguments.allSatisfy(\.isSingle)
        case .comma, .iterate, .empty, .attempt, .label, .breakOut, .direct:
            return false
        }
    }

    /// The node with its largest single-output parts marked direct.
    func directed() -> PredicateNode {
        if isSingle { return .direct(self) }
        switch self {
        case .field(let term, let name, let key, let optional): return .field(term.directed(), key: name, key, optional: optional)
        case .index(let term, let key, let optional): return .index(term.directed(), key: key.directed(), optional: optional)
        case .iterate(let term, let optional): return .iterate(term.directed(), optional: optional)
        case .pipe(let a, let b): return .pipe(a.directed(), b.directed())
        case .comma(let a, let b): return .comma(a.directed(), b.directed())
        case .alternative(let a, let b): return .alternative(a.directed(), b.directed())
        case .and(let a, let b): return .and(a.directed(), b.directed())
        case .or(let a, let b): return .or(a.directed(), b.directed())
        case .compare(let comparison, let a, let b): return .compare(comparison, a.directed(), b.directed())
        case .bind(let source, let slot, let body): return .bind(source: source.directed(), slot: slot, body: body.directed())
        case .conditional(let c, let a, let b): return .conditional(c.directed(), then: a.directed(), else: b.directed())
        case .attempt(let body): return .attempt(body.directed())
        case .label(let label, let body): return .label(label, body.directed())
        case .function(let function, let arguments): return .function(function, arguments.map { $0.directed() })
        default: return self
        }
    }
}

extension PredicateEvaluator {
    /// The one output of a single-output node.
    func value(_ node: PredicateNode, _ input: PredicateValue) throws(PredicateFailure) -> PredicateValue {
        switch node {
        case .identity: return input
        case .literal(let value): return value
        case .variable(let slot): return variable(at: slot)
        case .field(let term, let name, let key, _): return try value(term, input).field(name, key)
        case .index(let term, let key, _):
            let k = try value(key, input)
            return try value(term, input).indexed(by: k)
        case .pipe(let a, let b): return try value(b, try value(a, input))
        case .compare(let comparison, let a, let b):
            let r = try value(b, input)
            return .bool(comparison.holds(try value(a, input).compare(to: r)))
        case .and(let a, let b):
            guard try value(a, input).isTruthy else { return .bool(false) }
            return .bool(try value(b, input).isTruthy)
        case .or(let a, let b):
            if try value(a, input).isTruthy { return .bool(true) }
            return .bool(try value(b, input).isTruthy)
        case .alternative(let a, let b):
            let first = try value(a, input)
            return first.isTruthy ? first : try value(b, input)
        case .conditional(let c, let a, let b):
            return try value(try value(c, input).isTruthy ? a : b, input)
        case .bind(let source, let slot, let body):
            let bound = try value(source, input)
            return try withSlot(slot, bound) { () throws(PredicateFailure) in try value(body, input) }
        case .function(let function, let arguments):
            switch arguments.count {
            case 0: return try apply(function, input)
            case 1: return try apply(function, input, try value(arguments[0], input))
            default:
                let b = try value(arguments[1], input)
                return try apply(function, input, try value(arguments[0], input), b)
            }
        default:
            // `[E]`, `any`, `all`, `IN`: one output at their end.
            var output = PredicateValue.null
            _ = try evaluate(node, input) { (value) throws(PredicateFailure) in
                output = value
                return true
            }
            return output
        }
    }
}
