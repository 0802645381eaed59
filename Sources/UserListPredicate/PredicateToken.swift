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
    /// Anything this parser does not take (`..`, `{`, `@base64`, `+`, `"\(x)"`, `reduce`...).
    case unsupported
    case end
}
