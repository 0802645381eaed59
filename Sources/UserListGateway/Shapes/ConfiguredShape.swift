import UserListDomain
@_spi(Pipeline) import UserListJSON
/// A shape whose mapping follows a run's ``MappingOptions``: everything else is the shape's own.
/// Made once per run, so the configured mapping is built once.
struct ConfiguredShape: PayloadShape {
    let base: any PayloadShape
    let mapping: any RecordMapping

    init(_ base: any PayloadShape, _ options: MappingOptions) {
        self.base = base
        mapping = base.mapping.configured(options)
    }

    var name: String { base.name }
    func userRecords(in document: JSONNode) -> UserRecords? { base.userRecords(in: document) }
    func morePages(in document: JSONNode) -> String? { base.morePages(in: document) }
    var needsAnArray: Bool { base.needsAnArray }
}
