import FuzzSupport
@_spi(Pipeline) import UserListJSON
import UserListJQ
import UserListDomain
import UserListPredicate

/// The jq bridge: a program and a document, as `PROGRAM \0 DOCUMENT`. The document goes in the
/// way the Gateway hands users to jq (simdjson's tape straight to `jv`, ``JQValue/init(_:)``), the
/// program is compiled with the prelude (sandboxed: a fuzzed `import` must not read the disk), and
/// every output is printed by ``JQValue/json()`` and ``JQValue/rawText()``. When the program
/// runs natively as a `--where` (``NativePredicate``), it must give libjq's verdict on a few users.
///
/// What must hold: no crash in the bridge; the tape gives the value libjq's own parser gives;
/// every printed value is JSON that parses back to itself; raw text keeps every byte. libjq's
/// own unbounded recursion and runaway programs end the process by the guard (exit 65, one
/// line), which `Scripts/fuzz.sh` runs in fork mode so the campaign goes on.
func fuzzJQ(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? size
    let program = String(decoding: bytes[0..<split], as: UTF8.self)
    let document = split < size ? Array(bytes[(split + 1)...]) : Array("null".utf8)
    JQProgram.sandboxed = true
    JQProgram.limitRunningTime(to: 2)

    checkNativePredicate(program)
    withTapeValue(document) { input in
        checkAgainstLibjq(input, document)
        guard let compiled = try? JQProgram(program, label: "fuzz") else { return }
        var outputs = 0
        try? compiled.run(input.copy()) { output in
            check(output)
            outputs += 1
            return outputs < 64
        }
    }
    return 0
}

/// Calls `body` with the document as the Gateway gives it to jq, unless simdjson rejects it.
func withTapeValue(_ document: [UInt8], _ body: (borrowing JQValue) -> Void) {
    let padded = document + [UInt8](repeating: 0, count: JSONDocumentStream.padding)
    let stream = JSONDocumentStream()
    withExtendedLifetime(stream) {
        padded.withUnsafeBytes { raw in
            let buffer = UnsafeRawBufferPointer(rebasing: raw[0..<document.count])
            if stream.begin(buffer, batchSize: max(document.count, 1 << 16)) != nil { return }
            guard case .document(let root, _) = stream.next() else { return }
            body(JQValue(root))
        }
    }
}

/// Where libjq parses the same text, it must find an equal value (jq's `==`): the one known
/// difference is `-0` written as an integer, which simdjson's tape keeps as 0 (jq 1.6 prints
/// -0); the two are equal numbers, and the README says so.
func checkAgainstLibjq(_ input: borrowing JQValue, _ document: [UInt8]) {
    guard !document.contains(0), let text = String(validatingCString: document.map { CChar(bitPattern: $0) } + [0]),
          case .success(let parsed) = JQValue.parse(text) else { return }
    var pair = JQValue.array()
    pair.append(input.copy())
    pair.append(parsed.copy())
    var equal = false
    try? equality.run(pair) { output in
        equal = output.isTrue
        return false
    }
    if !equal { FuzzSupport.fail("the tape and libjq disagree", "\(input.json()) vs \(parsed.json())") }
}

nonisolated(unsafe) let equality = try! JQProgram(".[0] == .[1]", label: "fuzz")

/// An output prints as JSON that parses back to itself, and as raw text with every byte.
func check(_ output: borrowing JQValue) {
    let text = output.json()
    guard case .success(let again) = JQValue.parse(text) else { FuzzSupport.fail("output is not JSON", text) }
    if again.json() != text { FuzzSupport.fail("output does not round-trip", text) }
    if output.kindName == "string", JQValue.string(output.rawText()).json() != text {
        FuzzSupport.fail("raw text lost bytes", text)
    }
}

/// A program the native `--where` evaluator takes gives libjq's verdict on every user it decides
/// (NativePredicateDifferentialTests, on fuzzed programs). Regexes stay with libjq here: a
/// catastrophic one would run as long natively, with no --jq-timeout to stop it.
func checkNativePredicate(_ program: String) {
    guard let native = try? NativePredicate.compile(program, regexes: false).get(),
          let compiled = try? JQProgram(program, label: "fuzz") else { return }
    for user in fuzzUsers {
        let verdict = native.verdict(user)
        if verdict == .undecided { continue }
        let kept: Bool?
        do {
            if let output = try compiled.first(user.jqValue()) { kept = !output.isFalsy } else { kept = false }
        } catch {
            kept = nil
        }
        if kept != (verdict == .included) {
            FuzzSupport.fail("native --where and libjq disagree", "\(program) on \(user.jqValue().json()): native \(verdict), libjq \(kept.map { $0 ? "kept" : "dropped" } ?? "error")")
        }
    }
}

nonisolated(unsafe) let fuzzUsers = [
    User(id: "1", name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz", phone: "1-770", website: "hildegard.org",
         address: Address(street: "Kulas Light", suite: "Apt. 556", city: "Gwenborough", zipcode: "92998", geo: Geo(lat: "-37.3", lng: "81.1")),
         company: Company(name: "Romaguera-Crona", catchPhrase: "Multi-layered", bs: "harness")),
    User(id: "2", name: "Jose\u{301} Nu\u{303}ez", email: "a\u{0}b", address: Address(city: "Zürich")),
    User(id: "x", company: Company(bs: "")),
]

FuzzSupport.main(fuzzJQ)
