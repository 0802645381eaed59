@_spi(Pipeline) import UserListDomain
import UserListService

/// `userlist diff OLD NEW`: which users NEW added, removed and changed, matched by id after
/// mapping and normalising, in memory that grows with OLD's ids and digests, not with users.
///
/// 1. OLD is read into a ``DiffIDTable``: each id, in order, with a ``UserDigest`` of the
///    compared fields.
/// 2. NEW is read once: an id OLD lacks is added, one whose digest differs is changed; both are
///    spooled (``UserSpool``) in NEW's order, with the user as NEW has it.
/// 3. OLD is read again, only when something was changed or removed, to spool those users as OLD
///    has them (it stops after the last one needed).
///
/// Each side goes through its own ``UserServiceProtocol``, so the rules are the list's: rejected
/// records are warned about (or fatal with `--strict`), and the first occurrence of an id wins.
public struct UserDiff {
    /// A service over one side's inputs that builds `fields` of each user (the Gateway's
    /// projection) and warns through `warnings`. OLD's is asked for twice: its inputs must be
    /// readable twice (a copy of standard input, not the pipe).
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
        case added, changed, removed
        /// In OLD's spool: a changed user as OLD has it.
        case changedFrom
    }

    public func run() throws(UserlistError) -> DiffResult {
        var table = DiffIDTable(minimumCapacity: 1 << 16)
        let fields = self.fields
        try load(old(fields.fieldSet, SideWarnings("old", warnings))) { user in
            table.insert(user.id, digest: UserDigest.digest(user, fields: fields))
        }

        // Every field of NEW's users: an added user is printed whole.
        let newSpool = try UserSpool(name: "diff-new")
        var counts = DiffCounts()
        var lastNeeded = -1
        try load(new(.all, SideWarnings("new", warnings))) { user throws(UserlistError) in
            guard let index = table.entry(for: user.id) else {
                counts.added += 1
                try newSpool.append(tag: Tag.added.rawValue, number: 0, user: user)
                return
            }
            guard table.entries[index].digest != UserDigest.digest(user, fields: fields) else {
                table.setState(.same, ofEntry: index)
                return
            }
            table.setState(.changed, ofEntry: index)
            counts.changed += 1
            lastNeeded = max(lastNeeded, index)
            try newSpool.append(tag: Tag.changed.rawValue, number: UInt32(index), user: user)
        }
        try newSpool.flush()

        let oldSpool = try UserSpool(name: "diff-old")
        var changedOffsets: [UInt32: Int] = [:]
        for (index, entry) in table.entries.enumerated() where entry.state == .unseen {
            counts.removed += 1
            lastNeeded = max(lastNeeded, index)
        }
        if lastNeeded >= 0 {
            // A removed user is printed whole; of a changed one only the compared fields are needed.
            var index = 0
            try load(old(counts.removed > 0 ? .all : fields.fieldSet, SideWarnings("old", nil)), until: { index > lastNeeded }) { user throws(UserlistError) in
                defer { index += 1 }
                guard index < table.count, table.entry(index, is: user.id) else {
                    throw UserlistError(.data, "the old export changed while it was being read (read it from a file that stays as it is)")
                }
                switch table.entries[index].state {
                case .unseen: try oldSpool.append(tag: Tag.removed.rawValue, number: UInt32(index), user: user)
                case .changed: changedOffsets[UInt32(index)] = try oldSpool.append(tag: Tag.changedFrom.rawValue, number: UInt32(index), user: user)
                case .same: break
                }
            }
        }
        try oldSpool.flush()
        return DiffResult(counts: counts, fields: fields, newSpool: newSpool, oldSpool: oldSpool, changedOffsets: changedOffsets)
    }

    private struct Stop: Error {}

    /// Hands `service`'s users to `consume` one by one, until `stop` says enough.
    private func load(_ service: any UserServiceProtocol, until stop: () -> Bool = { false }, _ consume: (User) throws(UserlistError) -> Void) throws(UserlistError) {
        do {
            try service.loadUserBatches { users in
                for user in users {
                    if stop() { throw Stop() }
                    try consume(user)
                }
            }
        } catch is Stop {
            return
        } catch let error as UserlistError {
            throw error
        } catch {
            throw UserlistError(.data, "\(error)")
        }
    }
}
