import UserListDomain
import UserListInput
@_spi(Pipeline) import UserListDomain
import UserListJQ
import Foundation

/// The anti-corruption layer: reads inputs, finds the users in each document, maps them to ``User``.
///
/// Each input is read in chunks (``InputReader``) and parsed by simdjson; documents are decoded
/// straight from its tape by the first matching ``PayloadShape``. Reading and decoding run on a
/// thread of their own, a couple of chunks ahead of the consumer, so on two cores decoding the
/// next chunk overlaps with the Service and ViewModel working through the current one.
public struct UserGateway: UserRecordSource, Sendable {
    public var inputs: [InputSource]
    /// `--jq`: reshapes each document before decoding.
    var transform: (any DocumentTransform)?
    var shapes: [any PayloadShape] = PayloadShapes.all
    var chunkSize = InputReader.defaultChunkSize
    /// The fields users are built with: what the run needs (see ``FieldSet``).
    public var fields = FieldSet.all
    /// `--explain`: filled with what detection found, when set.
    public var explanation: MappingExplanation?
    /// `--skip-bad-json`: a document that isn't JSON becomes an unusable record (with its text)
    /// and reading goes on at the next line.
    public var skipBadJSON = false
    /// Counts the bytes read, when set (progress, `--summary`).
    public var progress: ReadProgress?
    /// Told where the next page is as each input ends (`--next`, `--summary`, `--explain`), when set.
    public var paging: PagingReport?
    /// How every input lays out its documents, where a broken record ends; nil: each input's
    /// first documents decide (see ``InputLayout``).
    public var layout: InputLayout?
    /// What every mapping is asked for (`--include-non-people`, `--base-url`).
    public var mappingOptions = MappingOptions()
    /// A jq expression of the run asks for `input_filename`: each batch's reading thread says
    /// which input it reads (``JQInputName``) before the batch is prepared (`--where` runs there).
    public var namesInputsToJQ = false
    /// Decides native records from their keys, leaving their users unbuilt (see ``RecordKeys``):
    /// for a run that counts or prints one page.
    @_spi(Pipeline) public var judge: (any RecordJudge)?

    /// - Parameter usersAt: where the users are (`--users-at`), replacing detection.
    public init(inputs: [InputSource], preTransform: JQDocumentTransform? = nil, usersAt: UsersAtPath? = nil) {
        self.inputs = inputs.isEmpty ? [.standardInput] : inputs
        self.transform = preTransform
        if let usersAt { shapes = [ExplicitPathShape(path: usersAt)] }
    }

    init(inputs: [InputSource], chunkSize: Int) {
        self.init(inputs: inputs)
        self.chunkSize = chunkSize
    }

    /// Worker threads for parsing (``ParallelReader``): one per core, up to 16.
    public var workers = UserGateway.defaultWorkers

    /// One per core, up to 16.
    public static var defaultWorkers: Int { min(16, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    public func readRecords(_ consume: (RecordBatch) throws(UserlistError) -> Void) throws(UserlistError) {
        try readRecords(prepare: { $0 }, consume)
    }

    public func readRecords<Prepared: Sendable>(prepare: @escaping @Sendable (RecordBatch) -> Prepared, _ consume: (Prepared) throws(UserlistError) -> Void) throws(UserlistError) {
        let queue = BatchQueue<Prepared>(capacity: 2)
        let done = DispatchSemaphore(value: 0)
        let reader = Thread { [self] in
            do throws(UserlistError) {
                try readAll(prepare: prepare) { batch throws(UserlistError) in try queue.put(batch) }
                queue.finish(error: nil)
            } catch {
                queue.finish(error: error)
            }
            done.signal()
        }
        reader.stackSize = 8 << 20
        reader.start()
        // However the consumer leaves, the reader has stopped before this returns: at the end
        // of the input, at its own error, or at the consumer's (its next batch is not read).
        defer { done.wait() }
        do throws(UserlistError) {
            while let batch = try queue.take() {
                try consume(batch)
            }
        } catch {
            queue.cancel(with: error)
            throw error
        }
    }

    /// Reads every input in order on the calling thread (parsing on ``workers`` threads when
    /// nothing needs the documents one at a time).
    func readAll<Prepared: Sendable>(prepare: @escaping @Sendable (RecordBatch) -> Prepared, _ emit: (Prepared) throws(UserlistError) -> Void) throws(UserlistError) {
        // The shapes with their mappings as the options want them, made once for the run.
        let shapes = mappingOptions == MappingOptions() ? self.shapes : self.shapes.map { $0.configured(mappingOptions) }
        // `--jq` programs and the explanation belong to one thread.
        if transform == nil, explanation == nil {
            var prepare = prepare
            if namesInputsToJQ {
                prepare = { [prepare] batch in
                    if !batch.records.isEmpty { JQInputName.enter(Self.jqName(batch.location(ofRecord: 0).input)) }
                    return prepare(batch)
                }
            }
            var reader = ParallelReader(inputs: inputs, chunkSize: chunkSize, shapes: shapes, fields: fields, workers: workers, prepare: prepare)
            reader.skipBadJSON = skipBadJSON
            reader.layout = layout
            reader.progress = progress
            reader.paging = paging
            reader.judge = judge
            return try reader.read(emit)
        }
        for source in inputs {
            // `--jq` and `--where` run on this thread, for this input.
            JQInputName.enter(source == .standardInput ? nil : source.description)
            let input = try InputReader(source, chunkSize: chunkSize, layout: layout)
            input.progress = progress
            input.paging = paging
            var parser = ChunkParser(shapes: shapes, transform: transform, fields: fields, explanation: explanation)
            parser.skipBadJSON = skipBadJSON
            parser.judge = judge
            var reader = DocumentReader(input: input, parser: parser)
            try reader.read { batch throws(UserlistError) in try emit(prepare(batch)) }
        }
    }

    /// The name jq's `input_filename` gives an input named `name` in messages: null for standard input.
    package static func jqName(_ name: String) -> String? {
        name == InputSource.standardInput.description ? nil : name
    }
}
