/// The anti-corruption layer: reads inputs, finds the users in each document, maps them to ``User``.
///
/// Each input is read in chunks (see ``InputBuffer``) and parsed by simdjson; documents are
/// decoded straight from its tape by the first matching ``PayloadShape``. Records come out in
/// batches, one per chunk, so memory follows the chunk size, not the input size.
public struct UserGateway: UserRecordSource {
    public var inputs: [InputSource]
    var shapes: [any PayloadShape] = PayloadShapes.all
    var chunkSize = InputBuffer.defaultChunkSize

    public init(inputs: [InputSource]) {
        self.inputs = inputs.isEmpty ? [.standardInput] : inputs
    }

    init(inputs: [InputSource], chunkSize: Int) {
        self.init(inputs: inputs)
        self.chunkSize = chunkSize
    }

    public func readRecords(_ consume: (RecordBatch) throws -> Void) throws {
        let parser = JSONDocumentStream()
        for input in inputs {
            let buffer = try InputBuffer(input, chunkSize: chunkSize)
            var reader = DocumentReader(buffer: buffer, parser: parser, shapes: shapes)
            try reader.read(consume)
        }
    }
}
