/// Splits a jq program into tokens as jq 1.6's lexer does (src/lexer.l): fields and identifiers
/// are ASCII, strings take jq's escapes, numbers are decimal. A program that uses anything else
/// gets an `.unsupported` token and is left to libjq.
struct PredicateLexer {
    private let bytes: [UInt8]
    private var position = 0

    static let keywords: Set<String> = [
        "as", "import", "include", "module", "def", "if", "then", "elif", "else", "end",
        "and", "or", "reduce", "foreach", "try", "catch", "label", "__loc__",
    ]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    static func tokens(of text: String) -> [PredicateToken] {
        var lexer = PredicateLexer(text)
        var tokens: [PredicateToken] = []
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token == .end || token.isUnsupported { return tokens }
        }
    }

    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
    }

    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || isDigit(b)
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)
    }

    mutating func next() -> PredicateToken {
        skipSpaceAndComments()
        let start = position
        let token = scan()
        guard token.isUnsupported else { return token }
        let word = bytes[start...].prefix { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 }.prefix(16)
        return .unsupported(String(decoding: word, as: UTF8.self))
    }

    private mutating func scan() -> PredicateToken {
        guard let b = byte(at: position) else { return .end }
        switch b {
        case UInt8(ascii: "."):
            if let n = byte(at: position + 1) {
                if n == UInt8(ascii: ".") { return .unsupported("") }
                if Self.isDigit(n) { return number() }
                if Self.isIdentifierStart(n) {
                    position += 1
                    return .field(identifier())
                }
            }
            position += 1
            return .dot
        case UInt8(ascii: "$"):
            position += 1
            skipSpaceAndComments()  // jq lexes `$` and the name apart: `$ x` is `$x`
            guard let n = byte(at: position), Self.isIdentifierStart(n) else { return .unsupported("") }
            let name = identifier()
            return name == "__loc__" || byte(at: position) == UInt8(ascii: ":") ? .unsupported("") : .variable(name)
        case UInt8(ascii: "\""):
            return string()
        case _ where Self.isDigit(b):
            return number()
        case _ where Self.isIdentifierStart(b):
            let name = identifier()
            if byte(at: position) == UInt8(ascii: ":") { return .unsupported("") }  // module::name
            return Self.keywords.contains(name) ? .keyword(name) : .identifier(name)
        default:
            return symbol()
        }
    }

    private mutating func symbol() -> PredicateToken {
        let two = byte(at: position + 1).map { String(decoding: [bytes[position], $0], as: UTF8.self) }
        if let two, ["//", "==", "!=", "<=", ">="].contains(two) {
            // `//=` is an update-assignment.
            if two == "//", byte(at: position + 2) == UInt8(ascii: "=") { return .unsupported("") }
            position += 2
            return .symbol(two)
        }
        let one = String(decoding: [bytes[position]], as: UTF8.self)
        if ["|", ",", "<", ">", "(", ")", "[", "]", "?", ";"].contains(one) {
            // `|=` is an update-assignment.
            if one == "|", byte(at: position + 1) == UInt8(ascii: "=") { return .unsupported("") }
            position += 1
            return .symbol(one)
        }
        return .unsupported("")
    }

    private mutating func identifier() -> String {
        let start = position
        while let b = byte(at: position), Self.isIdentifierByte(b) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// `([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?`, read with strtod as jq reads it.
    private mutating func number() -> PredicateToken {
        let start = position
        while let b = byte(at: position), Self.isDigit(b) { position += 1 }
        if byte(at: position) == UInt8(ascii: ".") {
            position += 1
            while let b = byte(at: position), Self.isDigit(b) { position += 1 }
        }
        if let e = byte(at: position), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var end = position + 1
            if let sign = byte(at: end), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { end += 1 }
            if let d = byte(at: end), Self.isDigit(d) {
                position = end
                while let b = byte(at: position), Self.isDigit(b) { position += 1 }
            }
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else { return .unsupported("") }
        return .number(value)
    }

    /// A string literal with jq's escapes; `\(...)` interpolation, a surrogate escape (which
    /// jq 1.6 pairs or replaces in its own way) and anything jq rejects are unsupported.
    private mutating func string() -> PredicateToken {
        position += 1
        var out: [UInt8] = []
        while let b = byte(at: position) {
            position += 1
            switch b {
            case UInt8(ascii: "\""):
                return .string(String(decoding: out, as: UTF8.self))
            case UInt8(ascii: "\\"):
                guard let e = byte(at: position) else { return .unsupported("") }
                position += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard position + 4 <= bytes.count,
                          bytes[position..<position + 4].allSatisfy({ Self.isHexDigit($0) }),
                          let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
                          !(0xD800...0xDFFF).contains(code), let scalar = Unicode.Scalar(code)
                    else { return .unsupported("") }
                    position += 4
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    return .unsupported("")
                }
            default:
                out.append(b)
            }
        }
        return .unsupported("")
    }

    /// jq skips spaces, tabs, newlines and `#` comments (to the end of the line).
    private mutating func skipSpaceAndComments() {
        while let b = byte(at: position) {
            if b == 0x20 || b == 0x0A || b == 0x09 {
                position += 1
            } else if b == UInt8(ascii: "#") {
                while let c = byte(at: position), c != 0x0A { position += 1 }
            } else {
                return
            }
        }
    }
}
