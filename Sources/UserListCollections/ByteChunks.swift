/// Bytes appended piece after piece into chunks of a fixed size, each piece contiguous and at an
/// address that never moves until the store is freed: a place to hold a partition's lines until
/// its end (the Spark stages). One array grown by doubling copied a 5M-user export's partition
/// (~100 MB) over and over, and each copy touched new pages (17% of `stage partial --dedupe`,
/// page faults and `memmove`).
public final class ByteChunks {
    /// 4 MiB: a piece bigger than that gets a chunk of its own.
    public static let chunkSize = 4 << 20
    // Unchecked: touched for every piece, and only by this class's methods.
    @exclusivity(unchecked) private var chunks: [UnsafeMutableRawBufferPointer] = []
    @exclusivity(unchecked) private var used = 0

    public init() {}

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// A copy of `bytes`, valid as long as this store.
    public func append(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: append(bytes, UnsafeRawBufferPointer(start: nil, count: 0)), count: bytes.count)
    }

    /// A copy of `first` and right after it one of `second`, valid as long as this store: where
    /// the copy begins.
    public func append(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> UnsafeRawPointer {
        let count = first.count + second.count
        if chunks.isEmpty || used + count > chunks[chunks.count - 1].count {
            chunks.append(.allocate(byteCount: max(Self.chunkSize, count), alignment: 8))
            used = 0
        }
        let start = chunks[chunks.count - 1].baseAddress! + used
        if let source = first.baseAddress { start.copyMemory(from: source, byteCount: first.count) }
        if let source = second.baseAddress { (start + first.count).copyMemory(from: source, byteCount: second.count) }
        used += count
        return UnsafeRawPointer(start)
    }
}
