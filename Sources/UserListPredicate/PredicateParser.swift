/// Parses the part of jq that native predicates cover, with jq 1.6's grammar and precedence
/// (src/parser.y: `|` < `,` < `//` < `or` < `and` < comparisons, which don't chain; postfix
/// `.key`, `[e]`, `[]` and `?` bind tightest; `try` takes one term). Anything else — arithmetic,
/// objects, `reduce`, `def`, string interpolation, formats, unknown functions — makes the
/// parse fail, and the program runs on libjq.
///
/// Only programs libjq has compiled come here, so errors need no messages: a parse either gives
/// the same program jq runs, or none.
struct PredicateParser {
    private var tokens: [PredicateToken]
    private var position = 0
    /// Names in scope, innermost last, with their slots.
    private var scope: [(name: String, slot: Int)]
    private(set) var slotCount: Int
    private var labelCount = 0
    /// Whether `test` is run natively.
    var regexes = true

    /// What the parse stopped at: `reduce`, `+`, `splits/1`.
    struct Unsupported: Error {
        var reason: String
    }

    private var unexpected: Unsupported { Unsupported(reason: peek.spelling) }

    /// `variables`: the names bound before the program (`--arg`), in slot order.
    init(_ text: String, variables: [String]) {
        tokens = PredicateLexer.tokens(of: text)
        scope = variables.enumerated().map { ($1, $0) }
        slotCount = variables.count
    }

    mutating func parseProgram() throws(Unsupported) -> PredicateNode {
        let node = try parsePipe()
        guard peek == .end else { throw unexpected }
        return node
    }

    private var peek: PredicateToken { tokens[position] }

    private mutating func advance() -> PredicateToken {
        let token = tokens[position]
        if token != .end && !token.isUnsupported { position += 1 }
        return token
    }

    private mutating func take(_ token: PredicateToken) -> Bool {
        guard peek == token else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ token: PredicateToken) throws(Unsupported) {
        guard take(token) else { throw unexpected }
    }

    mutating func newLabelID() -> Int {
        labelCount += 1
        return labelCount
    }

    mutating func newSlot() -> Int {
        slotCount += 1
        return slotCount - 1
    }

    static func field(_ term: PredicateNode, _ name: String, optional: Bool) -> PredicateNode {
        .field(term, key: name, CanonicalKey(name), optional: optional)
    }

    // MARK: Binary operators, lowest first

    private mutating func parsePipe() throws(Unsupported) -> PredicateNode {
        let left = try parseComma()
        guard take(.symbol("|")) else { return left }
        return .pipe(left, try parsePipe())
    }

    private mutating func parseComma() throws(Unsupported) -> PredicateNode {
        var left = try parseAlternative()
        while take(.symbol(",")) { left = .comma(left, try parseAlternative()) }
        return left
    }

    private mutating func parseAlternative() throws(Unsupported) -> PredicateNode {
        let left = try parseOr()
        guard take(.symbol("//")) else { return left }
        return .alternative(left, try parseAlternative())
    }

    private mutating func parseOr() throws(Unsupported) -> PredicateNode {
        var left = try parseAnd()
        while take(.keyword("or")) { left = .or(left, try parseAnd()) }
        return left
    }

    private mutating func parseAnd() throws(Unsupported) -> PredicateNode {
        var left = try parseComparison()
        while take(.keyword("and")) { left = .and(left, try parseComparison()) }
        return left
    }

    private mutating func parseComparison() throws(Unsupported) -> PredicateNode {
        let left = try parseTerm()
        guard case .symbol(let text) = peek, let comparison = PredicateComparison(rawValue: text) else { return left }
        position += 1
        let right = try parseTerm()
        if case .symbol(let next) = peek, PredicateComparison(rawValue: next) != nil { throw unexpected }
        return .compare(comparison, left, right)
    }

    // MARK: Terms

    /// A term with its postfix operators, or an `if`, `try` or `E as $x | body`.
    private mutating func parseTerm() throws(Unsupported) -> PredicateNode {
        switch peek {
        case .keyword("if"):
            position += 1
            return try parseConditional()
        case .keyword("try"):
            position += 1
            let body = peek == .keyword("if") ? try parseTerm() : try parsePostfix(allowBinding: false)
            if peek == .keyword("catch") { throw unexpected }
            return .attempt(body)
        default:
            return try parsePostfix(allowBinding: true)
        }
    }

    /// After `if`: `c then a (elif c then a)* else b end` (jq 1.6 wants the `else`).
    private mutating func parseConditional() throws(Unsupported) -> PredicateNode {
        let condition = try parsePipe()
        try expect(.keyword("then"))
        let then = try parsePipe()
        if take(.keyword("elif")) { return .conditional(condition, then: then, else: try parseConditional()) }
        try expect(.keyword("else"))
        let otherwise = try parsePipe()
        try expect(.keyword("end"))
        return .conditional(condition, then: then, else: otherwise)
    }

    private mutating func parsePostfix(allowBinding: Bool) throws(Unsupported) -> PredicateNode {
        var term = try parsePrimary()
        while true {
            switch peek {
            case .field(let name):
                position += 1
                term = Self.field(term, name, optional: take(.symbol("?")))
            case .dot:
                // `T."key"`
                position += 1
                guard case .string(let key) = peek else { throw unexpected }
                position += 1
                term = Self.field(term, key, optional: take(.symbol("?")))
            case .symbol("["):
                position += 1
                if take(.symbol("]")) {
                    term = .iterate(term, optional: take(.symbol("?")))
                } else {
                    let key = try parsePipe()
                    try expect(.symbol("]"))  // a slice `[a:b]` stops here
                    let optional = take(.symbol("?"))
                    if case .literal(.string(let name)) = key {
                        term = Self.field(term, name, optional: optional)
                    } else {
                        term = .index(term, key: key, optional: optional)
                    }
                }
            case .symbol("?"):
                // `E?` on anything but an index: a `try`, after which no postfix may follow.
                position += 1
                return .attempt(term)
            case .keyword("as") where allowBinding:
                position += 1
                return try parseBinding(source: term)
            default:
                return term
            }
        }
    }

    /// After `T as`: `$name | body`, the body as far right as it goes.
    private mutating func parseBinding(source: PredicateNode) throws(Unsupported) -> PredicateNode {
        guard case .variable(let name) = peek else { throw unexpected }  // destructuring
        position += 1
        try expect(.symbol("|"))
        let slot = newSlot()
        scope.append((name, slot))
        defer { scope.removeLast() }
        return .bind(source: source, slot: slot, body: try parsePipe())
    }

    private mutating func parsePrimary() throws(Unsupported) -> PredicateNode {
        let token = advance()
        switch token {
        case .dot:
            if case .string(let key) = peek {
                position += 1
                return Self.field(.identity, key, optional: take(.symbol("?")))
            }
            return .identity
        case .field(let name):
            return Self.field(.identity, name, optional: take(.symbol("?")))
        case .string(let text):
            return .literal(.string(text))
        case .number(let value):
            return .literal(.number(value))
        case .variable(let name):
            guard let slot = scope.last(where: { $0.name == name })?.slot else { throw Unsupported(reason: "$" + name) }
            return .variable(slot: slot)
        case .symbol("("):
            let inner = try parsePipe()
            try expect(.symbol(")"))
            return inner
        case .symbol("["):
            if take(.symbol("]")) { return .literal(.array([])) }
            let inner = try parsePipe()
            try expect(.symbol("]"))
            return .collect(inner)
        case .identifier(let name):
            var arguments: [PredicateNode] = []
            if take(.symbol("(")) {
                repeat { arguments.append(try parsePipe()) } while take(.symbol(";"))
                try expect(.symbol(")"))
            }
            return try builtin(name, arguments)
        default:
            throw Unsupported(reason: token.spelling)
        }
    }
}
