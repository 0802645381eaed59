import Foundation
import Testing
import UserListDomain
@testable import UserListGateway
import UserListInput
import UserListTestSupport

/// The parent suite of the Gateway tests (Diagnostics has its own), so `swift test --filter GatewayTests` selects them.
@Suite enum GatewayTests {}

/// What a gateway read: its batches, and the records across them.
struct GatewayRead {
    var batches: [RecordBatch]

    var records: [SourceRecord] { batches.flatMap(\.records) }

    /// Mapped users, in order (unusable records left out).
    var users: [User] {
        records.compactMap { if case .user(let user) = $0 { user } else { nil } }
    }

    /// Reasons of the unusable records, in order.
    var reasons: [String] {
        records.compactMap { if case .unusable(let reason) = $0 { reason } else { nil } }
    }

    /// Where record `index` (counted across all batches) starts.
    func location(ofRecord index: Int) -> InputLocation? {
        var remaining = index
        for batch in batches {
            if remaining < batch.records.count { return batch.location(ofRecord: remaining) }
            remaining -= batch.records.count
        }
        return nil
    }
}

extension GatewayTests {
    /// Reads `inputs` through ``UserGateway`` (its reader thread and all), with a chunk size if given.
    static func read(_ inputs: [InputSource], chunkSize: Int? = nil, workers: Int? = nil, layout: InputLayout? = nil, skipBadJSON: Bool = false) throws -> GatewayRead {
        var gateway = chunkSize.map { UserGateway(inputs: inputs, chunkSize: $0) } ?? UserGateway(inputs: inputs)
        if let workers { gateway.workers = workers }
        gateway.skipBadJSON = skipBadJSON
        gateway.layout = layout
        var batches: [RecordBatch] = []
        try gateway.readRecords { batches.append($0) }
        return GatewayRead(batches: batches)
    }

    static func read(file path: String, chunkSize: Int? = nil, workers: Int? = nil, layout: InputLayout? = nil) throws -> GatewayRead {
        try read([.file(path)], chunkSize: chunkSize, workers: workers, layout: layout)
    }

    /// The UserlistError a read of `path` throws (or a test failure if it doesn't).
    static func readError(
        file path: String, chunkSize: Int? = nil, workers: Int? = nil, layout: InputLayout? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> UserlistError? {
        do {
            _ = try read(file: path, chunkSize: chunkSize, workers: workers, layout: layout)
            Issue.record("expected the read to fail", sourceLocation: sourceLocation)
            return nil
        } catch let error as UserlistError {
            return error
        } catch {
            Issue.record("expected a UserlistError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The 1-based line and column (in Unicode scalars) where `marker` first occurs in `text`.
    static func position(of marker: String, in text: String) -> (line: Int, column: Int) {
        guard let range = text.range(of: marker) else { return (0, 0) }
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        return (line, before[lineStart...].unicodeScalars.count + 1)
    }

    /// A JSONPlaceholder-like user with a long-ish body, for multi-chunk inputs.
    static func placeholderUser(_ id: Int) -> String {
        #"{"id":\#(id),"name":"User \#(id)","username":"user\#(id)","email":"user\#(id)@example.com","address":{"city":"City \#(id)"}}"#
    }
}
