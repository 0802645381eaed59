import UserListDomain
import UserListService

/// `userlist diff OLD NEW`: which users NEW added, removed and changed, matched by id after
/// mapping and normalising, in memory that grows with OLD's ids and digests, not with users.
///
/// 1. OLD is read once: each id goes into a ``DiffIDTable`` with a ``UserDigest`` of the compared
///    fields, and the user into OLD's ``UserSpool`` (a temporary file), for the old values of
///    changed users and the removed ones.
/// 2. NEW is read once: an id OLD lacks is added, one whose digest differs is changed; both are
///    spooled in NEW's order. OLD's ids NEW never named are the removed users.
///
/// The digests and OLD's spool records are made on the reading threads (the Service's
/// `annotate`), so the one thread that sees users in order only looks ids up and copies bytes.
/// Each side goes through its own ``UserServiceProtocol``, so the rules are the list's: rejected
/// records are warned about (or fatal with `--strict`), and the first occurrence of an id wins.
public struct UserDiff {
    /// A service over one side's inputs that builds `fields` of each user (the Gateway's
    /// projection) and warns through `warnings`.
    public typealias Side = (_ fields: FieldSet, _ warnings: any WarningReporter) throws(UserlistError) -> any UserServiceProtocol

    public var old: Side
    public var new: Side
    public var fields: ComparedFields
    public var warnings: any WarningReporter

    public init(old: @escaping Side, new: @escaping Side, fields: ComparedFields = .all, warnings: any WarningReporter) {
        self.old = old
        self.new = new
        self.fields = fields
        self.warnings = warnings
    }

    /// Tags of the spools' records.
    enum Tag: UInt8 {
        case old, added, changed
    }

    public func run() throws(UserlistError) -> DiffResult {
        let fields = self.fields
        var table = DiffIDTable(minimumCapacity: 1 << 16)
        // Every field: a removed user is printed whole.
        let oldSpool = try UserSpool(name: "diff-old")
        try load(old(.all, SideWarnings("old", warnings)), spooling: true) { user, digest, record throws(UserlistError) in
            let offset = try oldSpool.append(encoded: record)
            table.insert(user.id, digest: digest, spoolOffset: offset)
        }
        try oldSpool.flush()

        let newSpool = try UserSpool(name: "diff-new")
        var counts = DiffCounts()
        try load(new(.all, SideWarnings("new", warnings)), spooling: false) { user, digest, _ throws(UserlistError) in
            guard let index = table.entry(for: user.id) else {
                counts.added += 1
                try newSpool.append(tag: Tag.added.rawValue, number: 0, user: user)
                return
            }
            guard table.entries[index].digest != digest else {
                table.setState(.same, ofEntry: index)
                return
            }
            table.setState(.changed, ofEntry: index)
            counts.changed += 1
            try newSpool.append(tag: Tag.changed.rawValue, number: UInt32(index), user: user)
        }
        try newSpool.flush()
        counts.removed = table.entries.reduce(0) { $0 + ($1.state == .unseen ? 1 : 0) }
        return DiffResult(counts: counts, fields: fields, table: table, oldSpool: oldSpool, newSpool: newSpool)
    }

    /// Hands `service`'s users to `consume` in order, each with its digest and, when `spooling`,
    /// its spool record; both are made on the reading threads.
    private func load(_ service: any UserServiceProtocol, spooling: Bool,
                      _ consume: (User, UInt64, UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        let fields = self.fields
        try service.loadUserBatches(annotate: { users in
            // One buffer per batch: each user's digest, then (when spooling) its record.
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(users.count)
            for user in users {
                let start = bytes.count
                withUnsafeBytes(of: UserDigest.digest(user, fields: fields)) { bytes.append(contentsOf: $0) }
                if spooling { UserSpool.encode(tag: Tag.old.rawValue, number: 0, user: user, into: &bytes) }
                ranges.append(start..<bytes.count)
            }
            let storage = EncodedRows(bytes)
            return ranges.map { UserAnnotation(matchesSearch: true, sortValue: nil, row: EncodedRow(storage: storage, range: $0)) }
        }) { (annotated: [AnnotatedUser]) throws(UserlistError) in
            for item in annotated {
                guard let row = item.annotation.row else { continue }
                try row.withBytes { bytes throws(UserlistError) in
                    let digest = bytes.loadUnaligned(as: UInt64.self)
                    try consume(item.user, digest, UnsafeRawBufferPointer(rebasing: bytes[8...]))
                }
            }
        }
    }
}
