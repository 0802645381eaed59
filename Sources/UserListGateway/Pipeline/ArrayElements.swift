import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Elements of one big array read as documents of their own (see ``ArrayElementScanner``): where
/// the array is in its document, how its records map, and the index of the first one in a region.
struct ArrayElements: Sendable {
    let mapping: any RecordMapping
    /// The array's path in its document: empty for a top-level array, `.users` in an envelope.
    let path: [JSONPathComponent]
    var next: Int

    /// The path of element `next`, for messages about its record.
    var elementPath: [JSONPathComponent] { path + [.index(next)] }
}
