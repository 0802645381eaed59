import UserListDomain
@_spi(Pipeline) import UserListJSON
import Foundation

/// Builds the user of a record that was decided from its keys (``SourceRecord/keyed(_:)``) and is
/// kept after all, from the record's text: the same bytes through the same mapping, so the same
/// user. A run that prints page 3 of 20 builds ~60 users of a million this way (and a few hundred
/// that a better one displaces); one parser serves them, on the consumer's thread.
final class RecordMaterializer: @unchecked Sendable {
    static let shared = RecordMaterializer()

    private let lock = NSLock()
    private let stream = JSONDocumentStream()
    private var buffer: [UInt8] = []

    /// The record of the first JSON value in `json` (what follows it is not read).
    func map(_ json: UnsafeRawBufferPointer, fields: FieldSet) -> SourceRecord? {
        lock.lock()
        defer { lock.unlock() }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: json)
        let count = buffer.count
        buffer.append(contentsOf: repeatElement(0x20, count: JSONDocumentStream.padding))
        return buffer.withUnsafeBytes { bytes -> SourceRecord? in
            let text = UnsafeRawBufferPointer(rebasing: bytes[..<count])
            guard stream.begin(text, batchSize: max(count + 64, 1 << 12)) == nil,
                  case .document(let root, _) = stream.next() else { return nil }
            return AutomaticMapping.shared.map(root, fields: fields)
        }
    }
}
