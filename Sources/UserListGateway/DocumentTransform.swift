import UserListDomain
@_spi(Pipeline) import UserListJSON
/// A reshaping of each input document before it is decoded: the seam `--jq` plugs into.
protocol DocumentTransform: Sendable {
    /// Calls `emit` with each output document; a node is valid only during its `emit` call.
    func transform(_ document: JSONNode, _ emit: (JSONNode) throws -> Void) throws
}
