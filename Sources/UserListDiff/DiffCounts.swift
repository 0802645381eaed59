/// How many users were added, removed and changed.
public struct DiffCounts: Hashable, Sendable {
    public var added = 0
    public var removed = 0
    public var changed = 0

    public init(added: Int = 0, removed: Int = 0, changed: Int = 0) {
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    public var isEmpty: Bool { added == 0 && removed == 0 && changed == 0 }

    /// The count line: `3 added · 2 removed · 5 changed`.
    public var summary: String { "\(added) added · \(removed) removed · \(changed) changed" }
}
