import Synchronization

/// How far a run has read, updated as it goes by the threads that read and load, and read by
/// whoever reports on it (progress on a terminal, `--summary`).
public final class ReadProgress: Sendable {
    private let bytes = Atomic<Int>(0)
    private let records = Atomic<Int>(0)
    private let rejected = Atomic<Int>(0)
    /// The inputs' total size when every one is a regular file (for a percentage); nil otherwise.
    public let totalBytes: Int?

    public init(totalBytes: Int? = nil) { self.totalBytes = totalBytes }

    public var bytesRead: Int { bytes.load(ordering: .relaxed) }
    public var recordsRead: Int { records.load(ordering: .relaxed) }
    /// Records the Service rejected so far: a failed run's `--summary` says them without `--rejects`.
    public var recordsRejected: Int { rejected.load(ordering: .relaxed) }

    public func addBytes(_ count: Int) { bytes.add(count, ordering: .relaxed) }
    public func addRecords(_ count: Int) { records.add(count, ordering: .relaxed) }
    public func addRejected(_ count: Int) { rejected.add(count, ordering: .relaxed) }
}
