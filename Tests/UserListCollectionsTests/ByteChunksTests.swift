import Testing
import UserListCollections

/// What ``ByteChunks`` hands back stays the bytes given, wherever a chunk ends.
@Suite struct ByteChunksTests {
    @Test func piecesKeepTheirBytesAcrossChunks() {
        let chunks = ByteChunks()
        // Pieces that fill a chunk unevenly, one bigger than a chunk, and an empty one.
        let sizes = [1_000_000, 3_000_000, 500_000, ByteChunks.chunkSize + 7, 0, 12, 4_194_000]
        var kept: [(UnsafeRawBufferPointer, [UInt8])] = []
        for (index, size) in sizes.enumerated() {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
            kept.append((bytes.withUnsafeBytes { chunks.append($0) }, bytes))
        }
        for (piece, bytes) in kept {
            #expect(Array(piece) == bytes)
        }
    }
}
