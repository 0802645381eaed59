import UserListDomain
import UserListInput
@_spi(Pipeline) import UserListJSON

extension InputReader {
    /// Opens `source` as the Gateway reads it: a `curl -i` transcript of an HTTP error says what
    /// its body says when that is an error body an API writes (``APIErrorBodies``), which
    /// UserListInput, knowing bytes and not APIs, asks of the Gateway.
    package convenience init(_ source: InputSource, chunkSize: Int = InputReader.defaultChunkSize, layout: InputLayout? = nil) throws(UserlistError) {
        try self.init(source, chunkSize: chunkSize, layout: layout, errorBody: APIErrorBodies.message(inBody:))
    }
}

extension APIErrorBodies {
    /// What an error body says, when it is JSON an ``APIErrorBody`` knows (an HTML error page is not).
    static func message(inBody body: UnsafeRawBufferPointer) -> String? {
        let padded = Array(body) + [UInt8](repeating: 0, count: JSONDocumentStream.padding)
        let stream = JSONDocumentStream()
        return withExtendedLifetime(stream) {
            padded.withUnsafeBytes { raw -> String? in
                let text = UnsafeRawBufferPointer(rebasing: raw[0..<body.count])
                guard stream.begin(text, batchSize: max(1 << 16, body.count)) == nil, case .document(let root, _) = stream.next() else { return nil }
                return message(in: root)
            }
        }
    }
}
