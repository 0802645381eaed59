import CSimdJSON

/// Parses a buffer holding a stream of JSON documents with simdjson, one document at a time.
///
/// One instance is reused for every buffer of an input, so simdjson's internal buffers are
/// allocated once. Documents handed out borrow its memory until the next call.
@_spi(Pipeline) public final class JSONDocumentStream {
    /// What `next()` found.
    @_spi(Pipeline) public enum Step {
        /// A complete document starting at `offset` in the buffer.
        case document(root: JSONNode, offset: Int)
        /// No more complete documents; `truncatedBytes` at the end of the buffer are an incomplete one.
        case end(truncatedBytes: Int)
        /// A document bigger than the batch size: parse again with a bigger one.
        case tooLarge
        /// simdjson rejected the text (its message; the diagnoser finds where).
        case invalid(String)
    }

    /// Bytes that must be readable after the end of every buffer.
    @_spi(Pipeline) public static let padding = csj_padding()

    private let handle: OpaquePointer

    @_spi(Pipeline) public init() {
        guard let handle = csj_stream_create() else { fatalError("out of memory creating the JSON parser") }
        self.handle = handle
    }

    deinit { csj_stream_destroy(handle) }

    /// Starts on `buffer`, which must be followed by ``padding`` readable bytes.
    @_spi(Pipeline) public func begin(_ buffer: UnsafeRawBufferPointer, batchSize: Int) -> Step? {
        let status = csj_stream_begin(
            handle, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, batchSize)
        return status == 0 ? nil : .invalid(String(cString: csj_stream_error(handle)))
    }

    /// After `.tooLarge` or `.end`: bytes at the end of the buffer not yet parsed.
    @_spi(Pipeline) public var unparsedBytes: Int { csj_stream_truncated_bytes(handle) }

    @_spi(Pipeline) public func next() -> Step {
        var document = csj_document()
        switch csj_stream_next(handle, &document) {
        case 1:
            let root = JSONNode(tape: document.tape, strings: document.strings, index: 1)
            return .document(root: root, offset: document.offset)
        case 0:
            return .end(truncatedBytes: csj_stream_truncated_bytes(handle))
        case -2:
            return .tooLarge
        default:
            return .invalid(String(cString: csj_stream_error(handle)))
        }
    }
}
