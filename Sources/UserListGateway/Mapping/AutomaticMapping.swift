import UserListDomain
@_spi(Pipeline) import UserListJSON
/// For payloads no API shape claims: a record in seed 000's and JSONPlaceholder's own vocabulary
/// goes through ``UserDTO``, field for field, which also holds every field to its documented JSON
/// type (an object for `email` is an error there); any other record through the general mapping,
/// which knows the well-known names of many APIs and skips a key spelled in another API's way.
///
/// On well-formed native records both give the same user (a test holds them to that), so
/// `--explain` describes both with the general mapping. Speed is no reason for the split: on the
/// same users the general mapping measured as fast as the DTO (Benchmarks/README.md).
final class AutomaticMapping: RecordMapping {
    /// One for all: a class, so handing it out as `any RecordMapping` per document allocates nothing.
    static let shared = AutomaticMapping()

    private let general = UserMapping.general
    private let nativeKeys = KeyTable(
        ["id", "name", "username", "email", "avatar_url", "bio", "phone", "website", "address", "company"].map { KeyTable.Key(level: 0, key: $0) })

    func map(_ record: JSONNode, fields: FieldSet) -> SourceRecord {
        guard isNative(record) else { return general.map(record, fields: fields) }
        do { return .user(try UserDTO(record: record, fields: fields).toDomain()) } catch { return .unusable(reason: error.reason) }
    }

    func sources(of record: JSONNode) -> [(CanonicalField, String)] {
        general.sources(of: record)
    }

    /// Whether every key of the record is one the DTO reads.
    private func isNative(_ record: JSONNode) -> Bool {
        guard record.kind == .object else { return true }  // the DTO explains what is wrong
        var native = true
        record.forEachField { key, _ in
            if native, nativeKeys.find(key) == nil { native = false }
        }
        return native
    }
}
