/// A token of the jq language (jq 1.6's src/lexer.l), as far as a native predicate needs them.
enum PredicateToken: Equatable {
    case dot                 // .
    case field(String)       // .name
    case identifier(String)  // name
    case variable(String)    // $name
    case string(String)      // "..." without interpolation
    case number(Double)
    case keyword(String)     // and or if then elif else end as try catch ...
    case symbol(String)      // | , // == != < <= > >= ( ) [ ] ? ;
    /// Anything this parser does not take (`..`, `{`, `@base64`, `+`, `"\(x)"`...), with the
    /// program's text from there, for `--explain`.
    case unsupported(String)
    case end
}

extension PredicateToken {
    var isUnsupported: Bool {
        if case .unsupported = self { return true }
        return false
    }

    /// The token as the program spelled it, roughly: for `--explain`.
    var spelling: String {
        switch self {
        case .dot: "."
        case .field(let name): "." + name
        case .identifier(let name), .keyword(let name), .symbol(let name): name
        case .variable(let name): "$" + name
        case .string: "a string"
        case .number: "a number"
        case .unsupported(let text): text
        case .end: "the end"
        }
    }
}
