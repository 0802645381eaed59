/// jq 1.6's builtins that native predicates run, by name and arity. Those jq defines in jq
/// (src/builtin.jq) are spelled out in nodes as jq spells them; the others are C functions
/// (src/builtin.c) the evaluator implements. Any other name is left to libjq.
extension PredicateParser {
    mutating func builtin(_ name: String, _ arguments: [PredicateNode]) throws(Unsupported) -> PredicateNode {
        switch (name, arguments.count) {
        case ("true", 0): return .literal(.bool(true))
        case ("false", 0): return .literal(.bool(false))
        case ("null", 0): return .literal(.null)
        case ("empty", 0): return .empty
        case ("not", 0): return .function(.not, [])
        case ("length", 0): return .function(.length, [])
        case ("utf8bytelength", 0): return .function(.utf8bytelength, [])
        case ("type", 0): return .function(.type, [])
        case ("tostring", 0): return .function(.tostring, [])
        case ("tonumber", 0): return .function(.tonumber, [])
        case ("ascii_downcase", 0): return .function(.asciiDowncase, [])
        case ("ascii_upcase", 0): return .function(.asciiUpcase, [])
        case ("startswith", 1): return .function(.startswith, arguments)
        case ("endswith", 1): return .function(.endswith, arguments)
        case ("ltrimstr", 1): return .function(.ltrimstr, arguments)
        case ("rtrimstr", 1): return .function(.rtrimstr, arguments)
        case ("contains", 1): return .function(.contains, arguments)
        case ("has", 1): return .function(.has, arguments)
        case ("test", 1) where regexes: return .function(.testValue, arguments)
        case ("test", 2) where regexes: return .function(.test, arguments)
        case ("test", _): throw Unsupported(reason: "test/\(arguments.count) under --jq-timeout")
        // def select(f): if f then . else empty end;
        case ("select", 1): return Self.select(arguments[0])
        // def values: select(. != null);  def nulls: select(type == "null"); ...
        case ("values", 0): return Self.select(.compare(.notEqual, .identity, .literal(.null)))
        case ("nulls", 0): return Self.selectType("null")
        case ("booleans", 0): return Self.selectType("boolean")
        case ("numbers", 0): return Self.selectType("number")
        case ("strings", 0): return Self.selectType("string")
        case ("arrays", 0): return Self.selectType("array")
        case ("objects", 0): return Self.selectType("object")
        case ("iterables", 0): return .comma(Self.selectType("array"), Self.selectType("object"))
        // def scalars: select(. == null or . == true or . == false or type == "number" or type == "string");
        case ("scalars", 0):
            let isScalar: PredicateNode = .or(.or(.or(.or(
                .compare(.equal, .identity, .literal(.null)),
                .compare(.equal, .identity, .literal(.bool(true)))),
                .compare(.equal, .identity, .literal(.bool(false)))),
                Self.isType("number")),
                Self.isType("string"))
            return Self.select(isScalar)
        // def first: .[0];  def first(g): label $out | g | ., break $out;
        case ("first", 0): return .index(.identity, key: .literal(.number(0)), optional: false)
        case ("first", 1): return first(arguments[0])
        // def any: any(.);  def any(condition): any(.[]; condition);  and all alike.
        case ("any", 0), ("all", 0):
            return .quantifier(all: name == "all", label: newLabelID(), generator: .iterate(.identity, optional: false), condition: .identity)
        case ("any", 1), ("all", 1):
            return .quantifier(all: name == "all", label: newLabelID(), generator: .iterate(.identity, optional: false), condition: arguments[0])
        case ("any", 2), ("all", 2):
            return .quantifier(all: name == "all", label: newLabelID(), generator: arguments[0], condition: arguments[1])
        // def in(xs): . as $x | xs | has($x);  def inside(xs): . as $x | xs | contains($x);
        case ("in", 1): return bindInput { .pipe(arguments[0], .function(.has, [.variable(slot: $0)])) }
        case ("inside", 1): return bindInput { .pipe(arguments[0], .function(.contains, [.variable(slot: $0)])) }
        // def IN(s): reduce (first(select(. == s)) | true) as $v (false; if . or $v then true else false end);
        case ("IN", 1): return isIn(arguments[0])
        // def IN(src; s): reduce (src|IN(s)) as $v (false; if . or $v then true else false end);
        case ("IN", 2): return .reduceOr(.pipe(arguments[0], isIn(arguments[1])))
        default:
            throw Unsupported(reason: "\(name)/\(arguments.count)")
        }
    }

    private static func select(_ condition: PredicateNode) -> PredicateNode {
        .conditional(condition, then: .identity, else: .empty)
    }

    private static func isType(_ name: String) -> PredicateNode {
        .compare(.equal, .function(.type, []), .literal(.string(name)))
    }

    private static func selectType(_ name: String) -> PredicateNode {
        select(isType(name))
    }

    private mutating func first(_ generator: PredicateNode) -> PredicateNode {
        let label = newLabelID()
        return .label(label, .pipe(generator, .comma(.identity, .breakOut(label))))
    }

    private mutating func isIn(_ set: PredicateNode) -> PredicateNode {
        .reduceOr(.pipe(first(Self.select(.compare(.equal, .identity, set))), .literal(.bool(true))))
    }

    /// `. as $x | body($x)`, with a slot no name can reach.
    private mutating func bindInput(_ body: (Int) -> PredicateNode) -> PredicateNode {
        let slot = newSlot()
        return .bind(source: .identity, slot: slot, body: body(slot))
    }
}
