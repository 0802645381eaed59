import UserListDomain
@testable import UserListGateway
@_spi(Pipeline) import UserListJSON

/// JSON text parsed the way the Gateway parses it (one document of a simdjson stream, with the
/// padding simdjson reads past the end), for tests of mappings and shapes.
enum ParsedJSON {
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// Calls `body` with the root of `text`'s first document. The node (and every node reached
    /// from it) is only valid inside `body`: the parser owns its memory.
    static func with<R>(_ text: String, _ body: (JSONNode) throws -> R) throws -> R {
        let bytes = Array(text.utf8)
        let padded = bytes + [UInt8](repeating: 0, count: JSONDocumentStream.padding)
        let stream = JSONDocumentStream()
        return try withExtendedLifetime(stream) {
            try padded.withUnsafeBytes { raw in
                let buffer = UnsafeRawBufferPointer(rebasing: raw[0..<bytes.count])
                if case .invalid(let message)? = stream.begin(buffer, batchSize: max(bytes.count, 1 << 16)) {
                    throw Invalid(description: "simdjson: \(message) in \(text)")
                }
                switch stream.next() {
                case .document(let root, _): return try body(root)
                case .invalid(let message): throw Invalid(description: "simdjson: \(message) in \(text)")
                case .end, .tooLarge: throw Invalid(description: "no JSON document in \(text)")
                }
            }
        }
    }

    /// `text` as one record mapped by `mapping`.
    static func map(_ text: String, with mapping: some RecordMapping) throws -> SourceRecord {
        try with(text) { mapping.map($0) }
    }

    /// Which source fed each field of the record `text`, as `--explain` counts it.
    static func sources(_ text: String, with mapping: some RecordMapping) throws -> [CanonicalField: String] {
        try with(text) { Dictionary(uniqueKeysWithValues: mapping.sources(of: $0)) }
    }
}

extension SourceRecord {
    /// The user, when the record mapped to one.
    var user: User? { if case .user(let user) = self { user } else { nil } }
    /// Why the record can't be a user, when it can't.
    var unusableReason: String? { if case .unusable(let reason) = self { reason } else { nil } }
    /// Why the record was left out, when it was.
    var excludedReason: String? { if case .excluded(let reason) = self { reason } else { nil } }
}
