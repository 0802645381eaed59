import UserListDomain
import Foundation

/// A small bounded queue handing batches from the reading thread to the consumer.
///
/// Bounded so the reader runs at most `capacity` batches ahead: memory stays at a few chunks.
/// Either side can end it: the producer with `finish(error:)`, the consumer with
/// `cancel(with:)` (it stops at an error), after which `put` throws that error so the producer
/// stops reading.
package final class BatchQueue<Item>: @unchecked Sendable {

    private let condition = NSCondition()
    private var items: [Item] = []
    private var finished = false
    private var failure: UserlistError?
    /// The error the consumer stopped at, once it has.
    private var cancelled: UserlistError?
    private let capacity: Int

    package init(capacity: Int) { self.capacity = capacity }

    /// Waits for room, then adds `batch`; throws once the consumer has cancelled.
    package func put(_ batch: Item) throws(UserlistError) {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity, cancelled == nil { condition.wait() }
        if let cancelled { throw cancelled }
        items.append(batch)
        condition.broadcast()
    }

    /// The producer is done, successfully or with `error`.
    package func finish(error: UserlistError?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch; nil after the last one; rethrows the producer's error in order.
    package func take() throws(UserlistError) -> Item? {
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

    /// The consumer stops early, at `error`: wakes the producer, whose next `put` throws it.
    package func cancel(with error: UserlistError) {
        condition.lock()
        cancelled = error
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
