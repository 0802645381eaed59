#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

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
            let start = Barrier(count: threads)
            let results = onNewThreads(threads) { index -> Result<Int, Error> in
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

/// Runs `body` on a new POSIX thread (default attributes, so the usual stack size) and joins it.
func onNewThread<T>(_ body: @escaping @Sendable () -> T) -> T {
    onNewThreads(1) { _ in body() }[0]
}

/// Runs `body(0..<count)` on `count` new POSIX threads at once, joins them all, returns the results.
func onNewThreads<T>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let results = ThreadResults<T>(count)
    var threads: [pthread_t] = []
    for index in 0..<count {
        let context = ThreadContext { results.slots[index] = body(index) }
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            let context = Unmanaged<ThreadContext>.fromOpaque(raw!).takeRetainedValue()
            context.run()
            return nil
        }, Unmanaged.passRetained(context).toOpaque())
        precondition(status == 0, "pthread_create failed: \(status)")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
    return results.slots.map { $0! }
}

private final class ThreadContext: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// One slot per thread, written by that thread only, read after the joins.
private final class ThreadResults<T>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<T?>
    init(_ count: Int) { slots = .allocate(capacity: count); slots.initialize(repeating: nil) }
    deinit { slots.deinitialize(); slots.deallocate() }
}

/// Releases the waiting threads together, so their `jq_init` calls overlap.
final class Barrier: @unchecked Sendable {
    private var barrier = pthread_barrier_t()
    init(count: Int) { pthread_barrier_init(&barrier, nil, UInt32(count)) }
    deinit { pthread_barrier_destroy(&barrier) }
    func wait() { pthread_barrier_wait(&barrier) }
}
