#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bodies run on threads of their own, started with `pthread_create`'s default attributes (so
/// the system's usual stack, 8 MiB on Linux, not Foundation's choice) and joined. For tests of
/// C libraries that keep per-thread state (libjq's pthread keys: jqlang/jq#2545), where the
/// thread must be a plain new POSIX thread.
package enum NewThreads {
    /// Runs `body(0..<count)` on `count` new threads at once, joins them all, and returns the
    /// results in index order.
    package static func run<T>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let results = Results<T>(count)
        var threads: [pthread_t] = []
        for index in 0..<count {
            let context = Context { results.slots[index] = body(index) }
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { raw in
                let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
                context.run()
                return nil
            }, Unmanaged.passRetained(context).toOpaque())
            precondition(status == 0, "pthread_create failed: \(status)")
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        return results.slots.map { $0! }
    }

    private final class Context: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// One slot per thread, written by that thread only, read after the joins.
    private final class Results<T>: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<T?>
        init(_ count: Int) { slots = .allocate(capacity: count); slots.initialize(repeating: nil) }
        deinit { slots.deinitialize(); slots.deallocate() }
    }
}
