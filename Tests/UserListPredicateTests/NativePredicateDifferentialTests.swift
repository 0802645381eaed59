import Foundation
import Testing
import UserListDomain
@testable import UserListJQ
@testable import UserListPredicate

/// A native `--where` must give libjq's verdict on every user it decides, and decide none on
/// which libjq raises an error (the run stops there, with jq's message). Generated programs ×
/// generated users, both ways; `PREDICATE_PROGRAMS=20000 swift test --filter Differential`
/// runs a bigger corpus (`PREDICATE_SEED=N` another one).
@Suite struct NativePredicateDifferentialTests {
    enum Outcome: Equatable { case included, excluded, error }

    static func variables() throws -> JQVariables {
        var variables = JQVariables()
        variables.bind("v", string: "Zürich")
        try variables.bind("n", json: "5")
        try variables.bind("list", json: #"["Paris", "an", 1, null]"#)
        try variables.bind("obj", json: #"{"city": "Paris"}"#)
        return variables
    }

    static func jqOutcome(_ program: JQProgram, _ user: User) -> Outcome {
        do {
            guard let output = try program.first(user.jqValue()) else { return .excluded }
            return output.isFalsy ? .excluded : .included
        } catch {
            return .error
        }
    }

    /// Runs `programs` over `users`; returns the programs compiled natively, the runs on which
    /// libjq raised no error, how many of those native decided, and the disagreements.
    static func compare(_ programs: [String], _ users: [User]) throws -> (native: Int, answered: Int, decided: Int, failures: [String]) {
        let variables = try variables()
        var native = 0, answered = 0, decided = 0
        var failures: [String] = []
        for text in programs {
            guard let jq = try? JQProgram(text, variables: variables) else { continue }
            guard let predicate = NativePredicate.make(expression: text, variables: variables.predicateVariables) else { continue }
            native += 1
            for user in users {
                let expected = jqOutcome(jq, user)
                let verdict = predicate.verdict(user)
                let agrees = switch verdict {
                case .included: expected == .included
                case .excluded: expected == .excluded
                case .undecided: true
                }
                if expected != .error { answered += 1 }
                if verdict != .undecided { decided += 1 }
                if !agrees, failures.count < 20 {
                    failures.append("\(text)  on  \(user.jqValue().json()): jq \(expected), native \(verdict)")
                }
            }
        }
        return (native, answered, decided, failures)
    }

    @Test func generatedProgramsAgreeWithLibjq() throws {
        let count = ProcessInfo.processInfo.environment["PREDICATE_PROGRAMS"].flatMap(Int.init) ?? 500
        let seed = ProcessInfo.processInfo.environment["PREDICATE_SEED"].flatMap { UInt64($0) } ?? 0x5EED
        var corpus = PredicateCorpus(seed: seed)
        let programs = (0..<count).map { _ in corpus.predicate() }
        let users = (0..<40).map { corpus.user($0) }
        let result = try Self.compare(programs, users)
        #expect(result.failures.isEmpty, "\(result.failures.joined(separator: "\n"))")
        // Most of what people write runs natively, and decides most users.
        #expect(result.native * 100 >= count * 80, "only \(result.native) of \(count) programs compiled natively")
        // Native decides every run libjq answers but those comparing objects or printing numbers.
        #expect(result.decided * 100 >= result.answered * 97, "only \(result.decided) verdicts of the \(result.answered) libjq gave")
    }

    /// jq 1.6's own ways, each a case a plain reading of the manual gets wrong.
    @Test(arguments: [
        // try also stops on errors of what follows it, and on a break (jq 1.6).
        #"first((.name, .email) | try .) | . == null"#,
        #"(.name | try ascii_downcase) | test("x")"#,
        // any/all raise an error met on the output after the deciding one.
        #"any((.name, error("x")); . != null)"#,
        #"any((.name, .email.x); . != null)"#,
        #"all((.name, .email.x); . == null)"#,
        // `//` drops no errors in jq 1.6.
        #"(.name.x // .email) | test("a")"#,
        #"(.name // .email) | .x"#,
        // A binary operator's right side is the outer loop.
        #"(.name, .email) == (.email, .name)"#,
        #"[(.name, .email) < (.phone, .bio)] | .[0]"#,
        // Kinds order before values; strings by bytes (é precomposed sorts after e + U+0301).
        #".name < 1"#, #".name > []"#, #".address > "z""#, #"null < false"#, #"[.name] < [.email]"#,
        #".name == "José Núñez""#, #".name == "Jose\u0301 Nu\u0303ez""#,
        // contains stops at NUL in jq 1.6 (strstr).
        #".name | contains("a\u0000c")"#, #".name | contains("b")"#,
        // Indexing.
        #"[.name, .email] | .[-1] != null"#, #"[.name] | .[1.5] == null"#, #".address.geo.lat | . != null"#,
        #".name.x?"#, #"[.name][]? | startswith("J")"#,
        // Regex flags and failures.
        #".name | test("JOSÉ"; "i")"#, #".name | test("k"; "i")"#, #".name | test("["; null)"#, #".name | test(["^J", "x"])"#,
        #".name | test("a"; "q")"#, #"$list | any(. == "an")"#, #".address.city | IN($list[])"#, #".id | tonumber > 10"#,
        #"$obj.city == .address.city"#, #".address | length == 5"#, #". | has("address")"#, #".address | has("geo")"#,
    ])
    func jqSixSemantics(_ program: String) throws {
        var corpus = PredicateCorpus(seed: 7)
        let users = (0..<60).map { corpus.user($0) }
        let result = try Self.compare([program], users)
        #expect(result.failures.isEmpty, "\(result.failures.joined(separator: "\n"))")
    }

    /// What stays with libjq: programs outside the subset compile to nothing natively.
    @Test(arguments: [
        ".name + .email", "{a: .name}", #""\(.name)" == "x""#, "reduce .[] as $x (0; . + 1)", "def f: .; f",
        ".. | strings", "$ENV.HOME", ".name | @base64", ".name[1:]", ".name |= ascii_downcase", "input", "$__loc__",
        "label $f | 1", "try .name catch .", "-1 < .id", "$obj.city", ".id | splits(\"a\")",
    ])
    func outsideTheSubset(_ program: String) throws {
        let variables = try Self.variables()
        #expect(NativePredicate.make(expression: program, variables: variables.predicateVariables) == nil)
    }
}
