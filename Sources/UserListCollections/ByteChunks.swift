/// Bytes appended piece after piece into chunks of a fixed size, each piece contiguous and at an
/// address that never moves until the store is freed: a place to hold a partition's lines until
/// its end (the Spark stages). One array grown by doubling copied a 5M-user export's partition
/// (~100 MB) over and over, and each copy touched new pages (17% of `stage partial --dedupe`,
/// page faults and `memmove`).
public final class ByteChunks {
    /// 4 MiB: a piece bigger than that gets a chunk of its own.
    public static let chunkSize = 4 << 20
    private var chunks: [UnsafeMutableRawBufferPointer] = []
    private var used = 0

    public init() {}

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// A copy of `bytes`, valid as long as this store.
    public func append(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        if chunks.isEmpty || used + bytes.count > chunks[chunks.count - 1].count {
            chunks.append(.allocate(byteCount: max(Self.chunkSize, bytes.count), alignment: 8))
            used = 0
        }
        let start = chunks[chunks.count - 1].baseAddress! + used
        if let source = bytes.baseAddress { start.copyMemory(from: source, byteCount: bytes.count) }
        used += bytes.count
        return UnsafeRawBufferPointer(start: start, count: bytes.count)
    }
}
