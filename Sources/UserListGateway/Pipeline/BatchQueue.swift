import UserListDomain
import Foundation

/// A small bounded queue handing batches from the reading thread to the consumer.
///
/// Bounded so the reader runs at most `capacity` batches ahead: memory stays at a few chunks.
/// Either side can end it: the producer with `finish(error:)`, the consumer with `cancel()`,
/// after which `put` throws so the producer stops reading.
final class BatchQueue<Item>: @unchecked Sendable {
    struct Cancelled: Error {}

    private let condition = NSCondition()
    private var items: [Item] = []
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Waits for room, then adds `batch`; throws once the consumer has cancelled.
    func put(_ batch: Item) throws {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity, !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
        items.append(batch)
        condition.broadcast()
    }

    /// The producer is done, successfully or with `error`.
    func finish(error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch; nil after the last one; rethrows the producer's error in order.
    func take() throws -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !finished { condition.wait() }
        if !items.isEmpty {
            let batch = items.removeFirst()
            condition.broadcast()
            return batch
        }
        if let failure { throw failure }
        return nil
    }

    /// The consumer stops early: wakes the producer, whose next `put` throws.
    func cancel() {
        condition.lock()
        cancelled = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
