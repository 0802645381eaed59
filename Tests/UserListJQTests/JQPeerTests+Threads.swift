import Testing
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListPlatform

/// libjq keeps per-thread state (dtoa contexts, the out-of-memory handler) in pthread keys; jq 1.6
/// as released aborted when `jq_init` ran on a thread other than the first to use it
/// (jqlang/jq#2545). Debian's build works: these keep a regression from going unnoticed.
/// Nested in `JQPeerTests` so `--filter PeerTests` runs them too; they need no test files.
extension JQPeerTests {
    @Suite struct Threads {
        /// Numbers parsed and printed (dtoa), strings, a regex (oniguruma), a caught error.
        static let program = #"[.[] | tostring, (tostring | tonumber), (. * 1.5)], (.[0] | tostring | test("^3")), (try error("x") catch .)"#
        static let input = "[3.25, 1e100, -0.1, 12345678901]"
        static let expected = [
            #"["3.25",3.25,4.875,"1e+100",1e+100,1.5000000000000001e+100,"-0.1",-0.1,-0.15000000000000002,"12345678901",12345678901,18518518351.5]"#,
            "true",
            #""x""#,
        ]

        @Test func compiledOnOneThreadRunsOnAnother() throws {
            let compiled = onNewThread { () -> Result<ProgramBox, Error> in
                Result { ProgramBox(try JQProgram(Self.program)) }
            }
            let box = try compiled.get()
            let outputs = onNewThread { () -> Result<[String], Error> in
                Result { try box.outputs(Self.input) }
            }
            #expect(try outputs.get() == Self.expected)
            // And again on this thread, then freed on yet another one.
            #expect(try box.outputs(Self.input) == Self.expected)
            onNewThread { box.program = nil }
        }

        @Test func twoProgramsRunConcurrentlyOnTwoThreads() throws {
            let threads = 2
            let rounds = 300
            let start = ThreadBarrier(count: threads)
            let results = NewThreads.run(threads) { index -> Result<Int, Error> in
                start.wait()
                // jq_init on both threads at once: the #2545 crash was in jq_init on a second thread.
                let source = index == 0 ? Self.program : #"[.[] | . + 1 | tostring | ascii_downcase | test("e")]"#
                let expected = index == 0 ? Self.expected : ["[false,true,false,false]"]
                return Result {
                    let box = ProgramBox(try JQProgram(source))
                    var good = 0
                    for _ in 0..<rounds where try box.outputs(Self.input) == expected { good += 1 }
                    return good
                }
            }
            for (index, result) in results.enumerated() {
                #expect(try result.get() == rounds, "thread \(index)")
            }
        }
    }
}

/// Hands a `JQProgram` to another thread: it's used by one thread at a time, joined in between.
final class ProgramBox: @unchecked Sendable {
    var program: JQProgram?
    init(_ program: JQProgram) { self.program = program }

    func outputs(_ input: String) throws -> [String] {
        var lines: [String] = []
        try program!.run(try JQValue.parse(input).get()) { output in
            lines.append(output.json())
            return true
        }
        return lines
    }
}

/// Runs `body` on a new POSIX thread (default attributes, so the usual stack size:
/// UserListPlatform's ``NewThreads``) and joins it.
func onNewThread<T>(_ body: @escaping @Sendable () -> T) -> T {
    NewThreads.run(1) { _ in body() }[0]
}
