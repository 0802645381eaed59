import UserListDomain
@_spi(Pipeline) import UserListJSON
/// For payloads no API shape claims: a record in seed 000's and JSONPlaceholder's own vocabulary
/// goes through ``NativeRecord`` (``UserDTO``'s fields), field for field, which also holds every
/// field to its documented JSON type (an object for `email` is an error there); any other record
/// through the general mapping, which knows the well-known names of many APIs and skips a key
/// spelled in another API's way.
///
/// On well-formed native records both give the same user (a test holds them to that), so
/// `--explain` describes both with the general mapping. Speed is no reason for the split: on the
/// same users the general mapping measured as fast as the DTO (Benchmarks/README.md).
final class AutomaticMapping: RecordMapping {
    /// One for all: a class, so handing it out as `any RecordMapping` per document allocates nothing.
    static let shared = AutomaticMapping()

    private let general: UserMapping

    init(general: UserMapping = .general) {
        self.general = general
    }

    func configured(_ options: MappingOptions) -> any RecordMapping {
        options == MappingOptions() ? self : AutomaticMapping(general: general.configured(options))
    }

    func exclusionReason(of record: JSONNode) -> String? {
        general.exclusionReason(of: record)
    }

    func map(_ record: JSONNode, fields: FieldSet) -> SourceRecord {
        switch NativeRecord.read(record, fields: fields) {
        case .user(let user): .user(user)
        case .unusable(let error): .unusable(reason: error.reason)
        case .foreign: general.map(record, fields: fields)
        }
    }

    func sources(of record: JSONNode) -> [(CanonicalField, String)] {
        general.sources(of: record)
    }
}
