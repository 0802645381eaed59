import UserListDomain
import Foundation

/// Recycles the big, padded buffers behind ``InputChunk``s.
///
/// A fresh chunk-sized allocation is new memory the kernel must zero page by page; at a few chunks a
/// second that was a third of the reading thread's time. Only a handful of chunks are alive at
/// once (the bounded queue), so keeping their buffers for reuse costs little memory.
final class ChunkStoragePool: @unchecked Sendable {
    static let shared = ChunkStoragePool()

    /// Buffers kept per size; more than that are freed.
    private let limit = 4
    private let lock = NSLock()
    private var free: [Int: [UnsafeMutableRawPointer]] = [:]

    /// A buffer of `byteCount` bytes, aligned for SIMD loads.
    func take(byteCount: Int) -> UnsafeMutableRawPointer {
        lock.lock()
        let reused = free[byteCount]?.popLast()
        lock.unlock()
        return reused ?? .allocate(byteCount: byteCount, alignment: 64)
    }

    func give(_ buffer: UnsafeMutableRawPointer, byteCount: Int) {
        lock.lock()
        if free[byteCount, default: []].count < limit {
            free[byteCount, default: []].append(buffer)
            lock.unlock()
        } else {
            lock.unlock()
            buffer.deallocate()
        }
    }
}
