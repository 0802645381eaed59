import UserListDomain

/// A `--where` expression compiled to userlist's own evaluator: the jq that people write as
/// predicates (paths, comparisons, `and`/`or`/`not`, `//`, `select`, `test`, `startswith`,
/// `contains`, `has`, `length`, `type`, `IN`/`any`/`all`, `$name`...) run on the user itself,
/// with no libjq value built and no regex compiled per user (libjq took ~0.9 µs a user for
/// `.address.city == "Zürich"`, one thread, 1M international users).
///
/// It gives jq 1.6's answer or none: a user on which the expression raises an error, or needs
/// something not implemented here (comparing two objects, printing a number), is ``Verdict/undecided``
/// and goes to libjq, which words the error or gives the answer. A differential test holds the
/// two to the same verdicts on generated programs and users.
///
/// One per thread: it keeps variables and compiled regexes.
public final class NativePredicate {
    public enum Verdict: Equatable, Sendable {
        case included, excluded
        /// libjq decides this user.
        case undecided
    }

    private let program: PredicateNode
    private let evaluator: PredicateEvaluator

    /// Compiles `expression`, with `variables` (`--arg`/`--argjson`, in order; a value of nil
    /// is one this evaluator can't hold, such as an object); nil when the expression uses
    /// anything outside the native subset.
    public static func make(expression: String, variables: [(name: String, value: PredicateValue?)] = []) -> NativePredicate? {
        try? compile(expression, variables: variables).get()
    }

    /// The predicate, or what in the expression has no native form (for `--explain`: `reduce`,
    /// `+`, `splits/1`, `$obj` when it holds an object). Without `regexes`, `test` is left to
    /// libjq (whose runs `--jq-timeout` limits).
    public static func compile(_ expression: String, variables: [(name: String, value: PredicateValue?)] = [], regexes: Bool = true) -> Result<NativePredicate, Unsupported> {
        var parser = PredicateParser(expression, variables: variables.map(\.name))
        parser.regexes = regexes
        let program: PredicateNode
        do {
            program = try parser.parseProgram()
        } catch {
            return .failure(Unsupported(reason: error.reason))
        }
        for (slot, variable) in variables.enumerated() where variable.value == nil && program.reads(slots: [slot]) {
            return .failure(Unsupported(reason: "$\(variable.name) holds an object"))
        }
        return .success(NativePredicate(program: program, slotCount: parser.slotCount, variables: variables))
    }

    public struct Unsupported: Error {
        public var reason: String
    }

    private init(program: PredicateNode, slotCount: Int, variables: [(name: String, value: PredicateValue?)]) {
        self.program = program.directed()
        _ = RegexCache.initialised
        var slots = variables.map { $0.value ?? .null }
        slots += Array(repeating: .null, count: slotCount - slots.count)
        evaluator = PredicateEvaluator(slots: slots)
    }

    /// Whether `user` is kept: jq's first output is truthy (none, `false` or `null` drop it).
    public func verdict(_ user: User) -> Verdict {
        var verdict = Verdict.excluded
        do throws(PredicateFailure) {
            _ = try evaluator.evaluate(program, .object(.user(user))) { (output) throws(PredicateFailure) in
                verdict = output.isTruthy ? .included : .excluded
                return false
            }
        } catch {
            return .undecided
        }
        return verdict
    }
}

extension PredicateNode {
    /// Whether evaluating the node may read one of `slots`.
    func reads(slots: Set<Int>) -> Bool {
        if slots.isEmpty { return false }
        switch self {
        case .variable(let slot): return slots.contains(slot)
        case .identity, .literal, .empty, .breakOut: return false
        case .bind(let source, _, let body): return source.reads(slots: slots) || body.reads(slots: slots)
        case .index(let term, let key, _): return term.reads(slots: slots) || key.reads(slots: slots)
        case .field(let term, _, _, _): return term.reads(slots: slots)
        case .iterate(let term, _), .collect(let term), .attempt(let term), .label(_, let term), .reduceOr(let term), .direct(let term):
            return term.reads(slots: slots)
        case .pipe(let a, let b), .comma(let a, let b), .alternative(let a, let b), .and(let a, let b), .or(let a, let b), .compare(_, let a, let b):
            return a.reads(slots: slots) || b.reads(slots: slots)
        case .conditional(let c, let a, let b): return c.reads(slots: slots) || a.reads(slots: slots) || b.reads(slots: slots)
        case .function(_, let arguments): return arguments.contains { $0.reads(slots: slots) }
        case .quantifier(_, _, let generator, let condition): return generator.reads(slots: slots) || condition.reads(slots: slots)
        }
    }
}
