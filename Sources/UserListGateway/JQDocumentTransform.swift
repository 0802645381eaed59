import UserListDomain
import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListPlatform

/// `--jq EXPR`: runs a jq expression on each input document; every output is decoded as a document.
///
/// The document goes to libjq as a `jv` built from the tape; each output is printed once and parsed
/// by a second simdjson stream, so the same payload shapes and DTOs decode it.
/// Used only by the Gateway's reading thread, one document at a time.
public final class JQDocumentTransform: DocumentTransform, @unchecked Sendable {
    private let program: JQProgram
    private let outputParser = JSONDocumentStream()
    private var buffer: UnsafeMutableRawPointer
    private var capacity = 1 << 16

    /// Compiles `expression`; a compile error is a usage error naming `--jq`.
    public init(expression: String, variables: JQVariables = JQVariables()) throws(UserlistError) {
        do {
            program = try JQProgram(expression, variables: variables, label: "--jq")
        } catch {
            throw UserlistError(.usage, Diagnostic(.expression, option: "--jq", error.message))
        }
        buffer = .allocate(byteCount: capacity + JSONDocumentStream.padding, alignment: 64)
    }

    deinit { buffer.deallocate() }

    func transform(_ document: JSONNode, _ emit: (JSONNode) throws(UserlistError) -> Void) throws(DocumentTransformFailure) {
        // jq's outputs are handed on from inside its run, which throws only jq's own errors:
        // an output that can't be read, or `emit`'s failure, stops the run and is thrown after.
        var failure: DocumentTransformFailure?
        do throws(JQError) {
            try program.run(JQValue(document)) { output in
                var text = output.json()
                // `withUTF8` rethrows untyped: the failure comes out of it as a value.
                failure = text.withUTF8 { bytes in
                    let root: JSONNode
                    do throws(JQError) { root = try parse(UnsafeRawBufferPointer(bytes)) } catch { return .expression(error) }
                    do throws(UserlistError) { try emit(root) } catch { return .emitted(error) }
                    return nil
                }
                return failure == nil
            }
        } catch {
            throw .expression(error)
        }
        if let failure { throw failure }
    }

    private func parse(_ text: UnsafeRawBufferPointer) throws(JQError) -> JSONNode {
        if text.count > capacity {
            buffer.deallocate()
            capacity = text.count * 2
            buffer = .allocate(byteCount: capacity + JSONDocumentStream.padding, alignment: 64)
        }
        buffer.copyMemory(from: text.baseAddress!, byteCount: text.count)
        Memory.zero(buffer + text.count, count: JSONDocumentStream.padding)
        let padded = UnsafeRawBufferPointer(start: buffer, count: text.count)
        if case .invalid(let message)? = outputParser.begin(padded, batchSize: max(text.count, 1 << 16)) {
            throw JQError(message: "cannot read its output: \(message)")
        }
        guard case .document(let root, _) = outputParser.next() else {
            // jq printed it, so it is JSON: what userlist can't read is named by the diagnoser
            // (an output nested deeper than 1,024 levels, the most any input may be).
            let reason = JSONSyntaxDiagnoser.firstError(in: padded).map { ": \($0.message)" } ?? ""
            throw JQError(message: "cannot read its output\(reason)")
        }
        return root
    }
}
