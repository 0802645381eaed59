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
    /// `--base-url`, for a native record's `avatar_url` (the general mapping has its own).
    private let avatarBase: BaseURL?

    init(general: UserMapping = .general, avatarBase: BaseURL? = nil) {
        self.general = general
        self.avatarBase = avatarBase
    }

    func configured(_ options: MappingOptions) -> any RecordMapping {
        options == MappingOptions() ? self : AutomaticMapping(general: general.configured(options), avatarBase: options.baseURL)
    }

    func exclusionReason(of record: JSONNode) -> String? {
        general.exclusionReason(of: record)
    }

    func map(_ record: JSONNode, fields: FieldSet) -> SourceRecord {
        switch NativeRecord.read(record, fields: fields) {
        case .user(let user):
            // The avatar rules hold for native records too: a URL a list can't show is none.
            // (JSONPlaceholder's records have no avatar: one test of nil.)
            if let avatar = user.avatarURL, !AvatarValue.isPlainHTTP(avatar) {
                var fixed = user
                fixed.avatarURL = AvatarValue.text(avatar, base: avatarBase)
                return .user(fixed)
            }
            return .user(user)
        case .unusable(let error): return .unusable(reason: error.reason)
        case .foreign: return general.map(record, fields: fields)
        }
    }

    func sources(of record: JSONNode) -> [(CanonicalField, String)] {
        general.sources(of: record)
    }
}
