import UserListDomain
import UserListTestSupport

/// Generated `--where` programs and users for the differential test: the predicates people
/// write, mixed and nested, over users with missing fields, empty and non-ASCII text, numbers
/// as strings, and NULs; literals of every kind, so jq's order across kinds is exercised.
struct PredicateCorpus {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
    }

    static let paths = [
        ".id", ".name", ".username", ".email", ".phone", ".website", ".bio", ".avatarURL", ".address", ".address.city",
        ".address.zipcode", ".address.street", ".address.geo", ".address.geo.lat", ".address.geo.lng", ".company",
        ".company.name", ".company.bs", ".nosuch", ".address.nosuch", ".name.first", ".name?", #".["email"]"#,
        #".address["city"]"#, ".name[0]", ".[0]", ".company.name?", ".address.geo.lat?", #"."id""#, ".", ".id.x?",
    ]
    static let strings = [
        #""Zürich""#, #""""#, #""1""#, #""Leanne Graham""#, #""a""#, #""é""#, #""e\u0301""#, #""an""#, #""Gwenborough""#,
        #""张""#, #""42""#, #""x\u0000""#, #""ACME""#, #""Paris""#, #""zz""#, #""A""#, #""-37.3""#,
    ]
    static let otherLiterals = ["1", "0", "42", "1.5", "-1", "true", "false", "null", "[]", #"["a","b"]"#, "[1,2]", #"[null,"Paris"]"#, "1e3", ".5"]
    static let regexes = [
        #""^a""#, #""an""#, #""(?i)zür""#, #""[""#, #""a{2,}""#, #""^$""#, #""é""#, #""\\d+""#, #""^[A-Z]""#, #""e$""#,
        #""\\p{Han}""#, #""ü""#, #""(a|b)+c""#, #""\\bGraham\\b""#, "1", ".name",
    ]
    static let flags = [#""i""#, #""x""#, #""g""#, #""""#, #""q""#, "null", "1", #""ix""#, #""gi""#, #""n""#, #""l""#, #""s""#]
    static let comparisons = ["==", "!=", "<", "<=", ">", ">="]
    static let filters = ["ascii_downcase", "ascii_upcase", "length", "type", "tostring", "tonumber", "utf8bytelength", "not", "values", "strings", "nulls", "scalars", "first", "ltrimstr(\"a\")", "rtrimstr(\"e\")"]
    static let variables = ["$v", "$n", "$list", "$obj"]

    mutating func pick(_ choices: [String]) -> String {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    /// A value-producing expression.
    mutating func value(depth: Int) -> String {
        switch Int.random(in: 0..<(depth > 2 ? 4 : 9), using: &random) {
        case 0, 1: return pick(Self.paths)
        case 2: return pick(Self.strings)
        case 3: return chance(50) ? pick(Self.otherLiterals) : pick(Self.variables)
        case 4: return "\(pick(Self.paths)) | \(pick(Self.filters))"
        case 5: return "(\(value(depth: depth + 1)) // \(value(depth: depth + 1)))"
        case 6: return "[\(value(depth: depth + 1)), \(value(depth: depth + 1))]"
        case 7: return "(\(value(depth: depth + 1)), \(value(depth: depth + 1)))"
        default: return "first(\(value(depth: depth + 1)), \(value(depth: depth + 1)))"
        }
    }

    /// A predicate.
    mutating func predicate(depth: Int = 0) -> String {
        let leaf = depth > 2
        switch Int.random(in: 0..<(leaf ? 9 : 26), using: &random) {
        case 0, 1, 2: return "\(value(depth: depth + 1)) \(pick(Self.comparisons)) \(value(depth: depth + 1))"
        case 3: return "\(pick(Self.paths)) | test(\(pick(Self.regexes)))"
        case 4: return "\(pick(Self.paths)) | test(\(pick(Self.regexes)); \(pick(Self.flags)))"
        case 5: return "\(pick(Self.paths)) | \(pick(["startswith", "endswith", "contains"]))(\(chance(80) ? pick(Self.strings) : value(depth: depth + 1)))"
        case 6: return "\(pick(Self.paths)) | has(\(pick([#""city""#, #""name""#, #""lat""#, #""nosuch""#, "0", "1", "-1", #""id""#])))"
        case 7: return "\(value(depth: depth + 1)) | IN(\(pick(Self.strings)), \(value(depth: depth + 1)))"
        case 8: return pick(Self.paths)
        case 9: return "(\(predicate(depth: depth + 1))) and (\(predicate(depth: depth + 1)))"
        case 10: return "(\(predicate(depth: depth + 1))) or (\(predicate(depth: depth + 1)))"
        case 11: return "(\(predicate(depth: depth + 1))) | not"
        case 12: return "select(\(predicate(depth: depth + 1)))"
        case 13: return "any(\(value(depth: depth + 1)), \(value(depth: depth + 1)); \(predicate(depth: depth + 1)))"
        case 14: return "all(\(value(depth: depth + 1)), \(value(depth: depth + 1)); \(predicate(depth: depth + 1)))"
        case 15: return "[\(value(depth: depth + 1)), \(value(depth: depth + 1))] | \(pick(["any", "all"]))"
        case 16: return "if \(predicate(depth: depth + 1)) then \(predicate(depth: depth + 1)) else \(predicate(depth: depth + 1)) end"
        case 17: return "try (\(predicate(depth: depth + 1)))"
        case 18: return "(\(predicate(depth: depth + 1)))?"
        case 19: return "\(value(depth: depth + 1)) as $x | \(predicate(depth: depth + 1)) and ($x \(pick(Self.comparisons)) \(value(depth: depth + 1)))"
        case 20: return "IN(\(value(depth: depth + 1)); \(pick(Self.strings)), \(value(depth: depth + 1)))"
        case 21: return "\(pick(Self.paths)) | in(\(pick([".", "{}", #"{"a":1}"#, "[1]", ".address", "$obj"])))"
        case 22: return "\(value(depth: depth + 1)) | inside(\(pick(Self.strings)))"
        case 23: return "(\(predicate(depth: depth + 1))) // (\(predicate(depth: depth + 1)))"
        case 24: return "first(\(predicate(depth: depth + 1)), \(predicate(depth: depth + 1)))"
        default: return "\(pick(Self.paths))[]? | \(predicate(depth: depth + 1))"
        }
    }

    static let texts: [String?] = [
        nil, nil, "", "Leanne Graham", "José Núñez", "Jose\u{301} Nu\u{303}ez", "张伟", "Zürich", "zürich", "Paris",
        "an", "A", "a", "1", "42", "-37.3", "1e3", " 7", "a\u{0}b", "ACME", "Gwenborough", "Ærøskøbing", "İstanbul", "KELVIN \u{212A}",
        "x\u{0}", "Grahamstown", "😀👍🏽", "Émile", "zz",
    ]

    mutating func text() -> String? {
        Self.texts[Int.random(in: 0..<Self.texts.count, using: &random)]
    }

    mutating func user(_ number: Int) -> User {
        var user = User(id: text() ?? "\(number)", name: text(), username: text(), email: text(), avatarURL: text(), bio: text(), phone: text(), website: text())
        if chance(70) {
            user.address = Address(street: text(), suite: text(), city: text(), zipcode: text(), geo: chance(60) ? Geo(lat: text(), lng: text()) : nil)
        }
        if chance(70) { user.company = Company(name: text(), catchPhrase: text(), bs: text()) }
        return user
    }
}
