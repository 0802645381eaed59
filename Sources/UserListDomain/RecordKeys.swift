/// The fields a run decides on, read straight off a record's parsed JSON: the bytes of each
/// (unescaped UTF-8), valid only for the call they are handed to.
///
/// A run that only counts, or prints one page, decides about every record but prints few: with
/// these it searches, sorts and dedupes without building a ``User`` (its ~17 strings, their
/// normalising and freeing) for records nobody will see. Each value is already what the Service
/// would make of it (trimmed, non-empty), or the record goes the usual way instead.
@_spi(Pipeline) public struct RecordKeys {
    public var name: UnsafeBufferPointer<UInt8>?
    public var username: UnsafeBufferPointer<UInt8>?
    public var email: UnsafeBufferPointer<UInt8>?
    public var city: UnsafeBufferPointer<UInt8>?
    public var companyName: UnsafeBufferPointer<UInt8>?
    public var bio: UnsafeBufferPointer<UInt8>?
    /// An `http(s)` URL as it is, the only avatar a keyed record has (others are read whole).
    public var avatarURL: UnsafeBufferPointer<UInt8>?

    @inlinable public init() {}
}

/// What a run makes of a record from its ``RecordKeys``: left out (the search missed it), or
/// wanted, with its sort value when the run sorts and, when it prints every match, its cell.
@_spi(Pipeline) public enum RecordJudgement: Sendable {
    case dropped
    case wanted(SortValue?, cell: KeyedCell? = nil)
    /// Wanted, its output row written already (a ``ColumnValuesWriter``'s, in the thread's slab).
    case written(SortValue?, row: EncodedRow)
    /// A match a full page can't keep (see the ViewModel's `PageBound`): counted, nothing made of it.
    case counted
}

/// The row of a record decided from its keys: the seed's cell, as the ViewModel makes it of a
/// user, and the few user fields other columns print. A run that prints every match encodes its
/// row from this, and builds no whole ``User`` (none at all for the cell's columns). A class, so
/// that the judgement carrying it stays a word wide: a struct of six strings in it made every
/// record of the batch bigger to copy, and W1 (which makes no cells) 6% slower.
@_spi(Pipeline) public final class KeyedCell: Sendable {
    public let id: String
    public let title: String
    public let subtitle: String?
    public let caption: String?
    public let avatarURL: String?
    public let initials: String
    /// The user's fields the row's other columns print (`--fields id,name,address.city`), built
    /// from the same keys; nil when the columns are the cell's alone.
    public let user: User?

    @inlinable public init(id: String, title: String, subtitle: String?, caption: String?, avatarURL: String?, initials: String, user: User? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.caption = caption
        self.avatarURL = avatarURL
        self.initials = initials
        self.user = user
    }
}

/// Decides about records from their keys on the reading threads (the ViewModel's search and sort,
/// handed down through the Gateway): one per run, shared by every reading thread.
@_spi(Pipeline) public protocol RecordJudge: AnyObject, Sendable {
    /// The keys it reads, of name, username, email, city, company name, bio and avatar: only these are read
    /// (and must be as the Service leaves them); the others are left nil.
    var reads: FieldSet { get }

    /// `id` is the record's id as text (the sort by id reads it); `scratch` is the calling thread's
    /// own, reused across records.
    func judge(_ keys: RecordKeys, id: String, scratch: inout JudgeScratch) -> RecordJudgement
}

/// A record decided from its keys alone: its id (for dedupe) and, when wanted, its sort value.
/// The user itself is built only if it is kept (see ``RecordBatch/materialize(record:)``).
@_spi(Pipeline) public struct KeyedRecord: Sendable {
    public var id: String
    public var judgement: RecordJudgement

    @inlinable public init(id: String, judgement: RecordJudgement) {
        self.id = id
        self.judgement = judgement
    }
}
