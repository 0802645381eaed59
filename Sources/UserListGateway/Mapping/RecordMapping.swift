import UserListDomain
@_spi(Pipeline) import UserListJSON
/// How a payload shape turns one of its records into a user, and says where each field came from.
protocol RecordMapping: Sendable {
    /// The record as a user with `fields` built (every field is still held to its type), the
    /// reason it can't be one, or why it is left out.
    func map(_ record: JSONNode, fields: FieldSet) -> SourceRecord

    /// Which source fed each canonical field of `record` (fields that got a value), for `--explain`.
    func sources(of record: JSONNode) -> [(CanonicalField, String)]

    /// Why `record` is left out (a bot, a group, a deleted account), when it is; for `--explain`.
    func exclusionReason(of record: JSONNode) -> String?

    /// This mapping as a run's options want it (see ``MappingOptions``).
    func configured(_ options: MappingOptions) -> any RecordMapping
}

extension RecordMapping {
    /// The whole user.
    func map(_ record: JSONNode) -> SourceRecord { map(record, fields: .all) }
}

extension UserMapping: RecordMapping {
    func configured(_ options: MappingOptions) -> any RecordMapping { configured(options) as UserMapping }
}
