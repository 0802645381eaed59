import UserListDomain
/// Which parts of the canonical user a `--where` expression can observe, read from its text.
///
/// Building every field of every user as a `jv` costs more than evaluating a typical expression,
/// so `--where` builds only what the expression can see (`.address.city == "x"` sees one string).
/// The reading is deliberately narrow and conservative: anything it does not fully understand is
/// ``all``, the whole user. A missed speed-up is cheap; a wrong verdict is not.
///
/// Why the rules are sound. In *root context* (where `.` is the user) only these are accepted:
/// paths that start with a key (`.a`, `.a.b`, `."a"`, `.["a"]`, `.a?`), literals without
/// interpolation, `$variables`, `true`/`false`/`null`, the operators `, // == != < <= > >= + - * /
/// % and or`, unary `-`, postfix `?`, parentheses, array construction, `if`/`then`/`elif`/`else`/
/// `end`, `try` and `catch`. The user is therefore seen only through key paths, and a path's key
/// prefix (cut at its first step that is not a literal key, and at ``maxDepth`` keys) names a value
/// that is built in full; the keys on the way are objects that are built whenever the source has
/// them. So every value those constructs produce (outputs, operands, error messages) is the same
/// as with the whole user: `catch`'s handler, which sees an error message, is read as root context
/// too, which only over-approximates. After the first `|` of a root-context group (the whole
/// expression, or the inside of `(…)`, `[…]` or an `if` part), everything up to the group's end
/// runs on the left side's outputs, never on the user (`|` binds loosest, and `as`, `label`, `def`,
/// `reduce` and `foreach`, which would change that, are refused), so it may contain anything.
/// Bare `.`, `..`, `.[]`, function calls (`length`, `not`, `select`, `tojson`, …), object
/// construction, string interpolation, `@format`, assignments, `as` and comments are refused.
package enum JQFieldUsage: Hashable, Sendable {
    /// The expression may observe the whole user.
    case all
    /// The expression observes the user only through these key paths (each at most ``maxDepth``
    /// keys); the whole value under each must be built, and the objects on the way to it.
    case paths(Set<[String]>)

    /// Paths are cut to this many keys: deeper ones need their whole prefix.
    package static let maxDepth = 2

    /// Reads `expression` (jq 1.6 syntax). An expression libjq would reject may get any answer:
    /// it never runs.
    package init(expression: String) {
        do {
            var lexer = Lexer(bytes: Array(expression.utf8))
            var tokens: [Token] = []
            repeat { tokens.append(try lexer.next()) } while tokens.last != .end
            var reader = Reader(tokens: tokens)
            _ = try reader.group(until: [.end])
            self = .paths(reader.paths)
        } catch {
            self = .all
        }
    }

    /// Anything the reading does not accept.
    private struct Unsupported: Error {}

    // MARK: Tokens

    private enum Token: Hashable {
        /// `.name`
        case field(String)
        /// `.` on its own
        case dot
        /// `..`
        case recurse
        /// A string literal without interpolation; its text when it has no escapes, else nil.
        case string(String?)
        /// A string literal with `\(…)` interpolation.
        case interpolated
        /// `@name`
        case format
        case number
        /// `$` (the name follows as its own token, as in jq's grammar)
        case dollar
        /// Names and keywords (`length`, `true`, `if`, `and`, `foo::bar`).
        case identifier(String)
        /// Operators and brackets.
        case symbol(String)
        /// The end of the expression.
        case end
    }

    /// jq 1.6's lexer, as far as this reading needs it (comments are refused).
    private struct Lexer {
        package let bytes: [UInt8]
        package var index = 0

        private static let symbols: [String] = [
            // Longest first, as flex matches them.
            "?//", "//=", "!=", "==", "//", "|=", "+=", "-=", "*=", "/=", "%=", "<=", ">=",
            "?", "=", ";", ",", ":", "|", "+", "-", "*", "/", "%", "<", ">", "[", "{", "(", "]", "}", ")",
        ].sorted { $0.utf8.count > $1.utf8.count }

        private func byte(at offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        private static func isLetter(_ b: UInt8?) -> Bool {
            guard let b else { return false }
            return (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
        }

        private static func isDigit(_ b: UInt8?) -> Bool {
            guard let b else { return false }
            return b >= 0x30 && b <= 0x39
        }

        private static func isWordByte(_ b: UInt8?) -> Bool { isLetter(b) || isDigit(b) }

        package mutating func next() throws(Unsupported) -> Token {
            while let b = byte(), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
            guard let b = byte() else { return .end }
            switch b {
            case UInt8(ascii: "#"):
                throw Unsupported()
            case UInt8(ascii: "\""):
                index += 1
                return try string()
            case UInt8(ascii: "."):
                if byte(at: 1) == UInt8(ascii: ".") {
                    index += 2
                    return .recurse
                }
                if Self.isDigit(byte(at: 1)) { return number() }
                if Self.isLetter(byte(at: 1)) {
                    index += 1
                    return .field(word())
                }
                index += 1
                return .dot
            case UInt8(ascii: "@"):
                index += 1
                guard Self.isWordByte(byte()) else { throw Unsupported() }
                while Self.isWordByte(byte()) { index += 1 }
                return .format
            case UInt8(ascii: "$"):
                index += 1
                return .dollar
            default:
                if Self.isDigit(b) { return number() }
                if Self.isLetter(b) {
                    var name = word()
                    // `([a-zA-Z_][a-zA-Z_0-9]*::)*[a-zA-Z_][a-zA-Z_0-9]*`
                    while byte() == UInt8(ascii: ":"), byte(at: 1) == UInt8(ascii: ":"), Self.isLetter(byte(at: 2)) {
                        index += 2
                        name += "::" + word()
                    }
                    return .identifier(name)
                }
                for symbol in Self.symbols where bytes[index...].starts(with: symbol.utf8) {
                    index += symbol.utf8.count
                    return .symbol(symbol)
                }
                throw Unsupported()
            }
        }

        /// `[a-zA-Z_0-9]*` from here.
        private mutating func word() -> String {
            let start = index
            while Self.isWordByte(byte()) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// `([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?`
        private mutating func number() -> Token {
            while Self.isDigit(byte()) { index += 1 }
            if byte() == UInt8(ascii: ".") {
                index += 1
                while Self.isDigit(byte()) { index += 1 }
            }
            if byte() == UInt8(ascii: "e") || byte() == UInt8(ascii: "E") {
                let sign = byte(at: 1) == UInt8(ascii: "+") || byte(at: 1) == UInt8(ascii: "-") ? 1 : 0
                if Self.isDigit(byte(at: 1 + sign)) {
                    index += 1 + sign
                    while Self.isDigit(byte()) { index += 1 }
                }
            }
            return .number
        }

        /// The rest of a string literal, after its opening quote.
        private mutating func string() throws(Unsupported) -> Token {
            let start = index
            var escaped = false
            var interpolated = false
            while true {
                guard let b = byte() else { throw Unsupported() }
                switch b {
                case UInt8(ascii: "\""):
                    let text = String(decoding: bytes[start..<index], as: UTF8.self)
                    index += 1
                    if interpolated { return .interpolated }
                    return .string(escaped ? nil : text)
                case UInt8(ascii: "\\"):
                    if byte(at: 1) == UInt8(ascii: "(") {
                        index += 2
                        interpolated = true
                        try skipInterpolation()
                    } else {
                        guard byte(at: 1) != nil else { throw Unsupported() }
                        // `\"`, `\\`, `\n`, `\u0061`, …: the text is no longer literal bytes.
                        escaped = true
                        index += 2
                    }
                default:
                    index += 1
                }
            }
        }

        /// Tokens up to the `)` that closes a `\(`.
        private mutating func skipInterpolation() throws(Unsupported) {
            var open: [String] = []
            while true {
                let token = try next()
                switch token {
                case .end:
                    throw Unsupported()
                case .symbol("("), .symbol("["), .symbol("{"):
                    if case .symbol(let s) = token { open.append(s) }
                case .symbol(")") where open.isEmpty:
                    return
                case .symbol(")"), .symbol("]"), .symbol("}"):
                    guard case .symbol(let s) = token, let last = open.popLast(), Reader.pairs[last] == s else {
                        throw Unsupported()
                    }
                default:
                    break
                }
            }
        }
    }

    // MARK: Reading

    private struct Reader {
        package let tokens: [Token]
        package var position = 0
        package var paths: Set<[String]> = []
        /// Groups being read, to bound recursion.
        package var depth = 0

        package static let pairs = ["(": ")", "[": "]", "{": "}"]
        package static let binaryOperators: Set<Token> = Set(
            [",", "//", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"].map { Token.symbol($0) }
                + [.identifier("and"), .identifier("or")])

        package init(tokens: [Token]) { self.tokens = tokens }

        private func peek(_ offset: Int = 0) -> Token {
            position + offset < tokens.count ? tokens[position + offset] : .end
        }

        private mutating func take() -> Token {
            let token = peek()
            if position < tokens.count { position += 1 }
            return token
        }

        /// Reads a root-context group up to one of `closers` (which it consumes and returns).
        package mutating func group(until closers: Set<Token>) throws(Unsupported) -> Token {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { throw Unsupported() }
            var expectsOperand = true
            while true {
                let token = take()
                if expectsOperand {
                    expectsOperand = try operand(token)
                    continue
                }
                if closers.contains(token) { return token }
                switch token {
                case .field:
                    break  // a key of the value just made, not of the user
                case .dot:
                    // `Term . "key"`; an interpolated key would run on the user: refused.
                    guard case .string = take() else { throw Unsupported() }
                case .symbol("["):
                    try index()
                case .symbol("?"):
                    break
                case .symbol("|"):
                    return try skip(until: closers)
                case .identifier("catch"):
                    // The handler sees the error message; reading it as root context over-approximates.
                    expectsOperand = true
                case _ where Self.binaryOperators.contains(token):
                    expectsOperand = true
                default:
                    throw Unsupported()
                }
            }
        }

        /// Reads one token where an operand is expected (and what belongs to it); returns whether
        /// an operand is still expected (after a prefix such as `-` or `try`).
        private mutating func operand(_ token: Token) throws(Unsupported) -> Bool {
            switch token {
            case .field(let key):
                path([key])
            case .dot:
                // `."key"` and `.["key"]` start a path; any other use of `.` sees the whole user.
                if case .string(let key?) = peek() {
                    position += 1
                    path([key])
                } else if peek() == .symbol("["), case .string(let key?) = peek(1), peek(2) == .symbol("]") {
                    position += 3
                    path([key])
                } else {
                    throw Unsupported()
                }
            case .string, .number, .identifier("true"), .identifier("false"), .identifier("null"):
                break
            case .dollar:
                guard case .identifier = take() else { throw Unsupported() }
            case .symbol("-"), .identifier("try"):
                return true
            case .symbol("("):
                _ = try group(until: [.symbol(")")])
            case .symbol("["):
                if peek() == .symbol("]") {
                    position += 1
                } else {
                    _ = try group(until: [.symbol("]")])
                }
            case .identifier("if"):
                _ = try group(until: [.identifier("then")])
                branches: while true {
                    switch try group(until: [.identifier("elif"), .identifier("else"), .identifier("end")]) {
                    case .identifier("elif"):
                        _ = try group(until: [.identifier("then")])
                    case .identifier("else"):
                        _ = try group(until: [.identifier("end")])
                        break branches
                    default:
                        break branches
                    }
                }
            default:
                throw Unsupported()
            }
            return false
        }

        /// A path from the user: literal keys (`.b`, `."b"`, `["b"]`, with `?` between) after the
        /// first; records its first ``JQFieldUsage/maxDepth`` keys.
        private mutating func path(_ first: [String]) {
            var keys = first
            steps: while true {
                switch peek() {
                case .field(let key):
                    position += 1
                    keys.append(key)
                case .dot:
                    guard case .string(let key?) = peek(1) else { break steps }
                    position += 2
                    keys.append(key)
                case .symbol("["):
                    guard case .string(let key?) = peek(1), peek(2) == .symbol("]") else { break steps }
                    position += 3
                    keys.append(key)
                case .symbol("?"):
                    position += 1
                default:
                    break steps
                }
            }
            paths.insert(Array(keys.prefix(JQFieldUsage.maxDepth)))
        }

        /// `[…]` after a term, its `[` read: `[]`, `[e]`, `[e:]`, `[:e]` or `[e:e]`. The expressions
        /// inside run on the user, as the term itself does.
        private mutating func index() throws(Unsupported) {
            if peek() == .symbol("]") {
                position += 1
                return
            }
            if peek() == .symbol(":") {
                position += 1
                _ = try group(until: [.symbol("]")])
                return
            }
            if try group(until: [.symbol("]"), .symbol(":")]) == .symbol(":") {
                if peek() == .symbol("]") {
                    position += 1
                } else {
                    _ = try group(until: [.symbol("]")])
                }
            }
        }

        /// Skips the right side of a `|` up to one of `closers` outside any bracket or `if`, and
        /// returns it. Brackets and `if`/`end` must nest, or the reading gives up.
        private mutating func skip(until closers: Set<Token>) throws(Unsupported) -> Token {
            var open: [Token] = []
            while true {
                let token = take()
                if open.isEmpty, closers.contains(token) { return token }
                switch token {
                case .end:
                    throw Unsupported()
                case .dollar:
                    // `$name`: a keyword-like name (`$__loc__`) is no keyword here.
                    position += 1
                case .symbol("("), .symbol("["), .symbol("{"), .identifier("if"):
                    open.append(token)
                case .symbol(")"), .symbol("]"), .symbol("}"):
                    guard case .symbol(let s) = token, case .symbol(let o)? = open.popLast(), Self.pairs[o] == s else {
                        throw Unsupported()
                    }
                case .identifier("end"):
                    guard open.popLast() == .identifier("if") else { throw Unsupported() }
                default:
                    break
                }
            }
        }
    }
}
