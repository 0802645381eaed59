#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `pthread_barrier_t`: releases the threads that wait on it together once `count` of them
/// wait, so what they do next overlaps (libjq's `jq_init` on many threads at once, in tests).
package final class ThreadBarrier: @unchecked Sendable {
    private var barrier = pthread_barrier_t()

    package init(count: Int) { pthread_barrier_init(&barrier, nil, UInt32(count)) }
    deinit { pthread_barrier_destroy(&barrier) }

    /// Waits until `count` threads wait, then lets them all go.
    package func wait() { pthread_barrier_wait(&barrier) }
}
