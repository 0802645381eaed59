import UserListDomain
import UserListJQ
@_spi(Pipeline) import UserListJSON
/// A reshaping of each input document before it is decoded: the seam `--jq` plugs into.
protocol DocumentTransform: Sendable {
    /// Calls `emit` with each output document; a node is valid only during its `emit` call.
    func transform(_ document: JSONNode, _ emit: (JSONNode) throws(UserlistError) -> Void) throws(DocumentTransformFailure)
}

/// Why a document's transform stopped: the caller knows where the document is, so it is the one
/// to place jq's failure in the input.
enum DocumentTransformFailure: Error {
    /// The expression failed on the document, or its output could not be read.
    case expression(JQError)
    /// `emit` failed on an output, as it threw.
    case emitted(UserlistError)
}
