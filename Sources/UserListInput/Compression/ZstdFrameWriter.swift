import UserListDomain
import CZstd

/// Compresses bytes into one zstd frame, handed to `sink` a piece at a time: what `stage partial
/// --compress-run` writes its sorted run as, for the driver to carry (~4× fewer bytes through a
/// Python worker, the JVM and a socket) and `stage merge --runs` to read back (``Compression``
/// recognises the frame). Level 1: ~500 MB/s a core; a run's rows are keys and rows, repetitive.
/// ``wholeFrame(of:)`` compresses a block at once (`stage map --compress-frames`).
package final class ZstdFrameWriter {
    private let context: OpaquePointer
    private let sink: (UnsafeRawBufferPointer) -> Void
    private let output: UnsafeMutableRawBufferPointer

    package init(level: Int32 = 1, sink: @escaping (UnsafeRawBufferPointer) -> Void = { _ in }) {
        guard let context = ZSTD_createCCtx() else { preconditionFailure("zstd: no memory for a compression context") }
        self.context = context
        self.sink = sink
        ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level)
        output = .allocate(byteCount: ZSTD_CStreamOutSize(), alignment: 8)
    }

    deinit {
        ZSTD_freeCCtx(context)
        output.deallocate()
    }

    /// Adds `bytes` to the frame.
    package func write(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        var input = ZSTD_inBuffer(src: bytes.baseAddress, size: bytes.count, pos: 0)
        while input.pos < input.size { compress(&input, ZSTD_e_continue) }
    }

    /// `bytes` as one whole frame of their own, returned (`sink` is not called); the context is
    /// reused, so a frame after the first allocates only its result.
    package func wholeFrame(of bytes: UnsafeRawBufferPointer) -> [UInt8] {
        let bound = ZSTD_compressBound(bytes.count)
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            let written = ZSTD_compress2(context, buffer.baseAddress, bound, bytes.baseAddress, bytes.count)
            precondition(ZSTD_isError(written) == 0, "zstd: \(String(cString: ZSTD_getErrorName(written)))")
            count = written
        }
    }

    /// Ends the frame (every byte given is in what `sink` got).
    package func finish() {
        var input = ZSTD_inBuffer(src: nil, size: 0, pos: 0)
        while compress(&input, ZSTD_e_end) != 0 {}
    }

    @discardableResult
    private func compress(_ input: inout ZSTD_inBuffer, _ directive: ZSTD_EndDirective) -> Int {
        var out = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let left = ZSTD_compressStream2(context, &out, &input, directive)
        // Only a programming error (a bad parameter) or no memory fails here.
        precondition(ZSTD_isError(left) == 0, "zstd: \(String(cString: ZSTD_getErrorName(left)))")
        if out.pos > 0 { sink(UnsafeRawBufferPointer(start: output.baseAddress, count: out.pos)) }
        return left
    }
}
