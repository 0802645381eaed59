import UserListDomain
extension MappingPlan {
    /// Gives every path a slot, and lays its keys out as levels of one ``KeyTable``.
    struct Builder {
        var keys: [KeyTable.Key] = []
        var levels = 1
        var wildcardLevel = -1
        var paths: [FieldPath] = []
        var slotsUnder: [[Int]] = [[]]
        private var index: [String: Int] = [:]

        mutating func slot(for path: FieldPath) -> Int {
            if let existing = paths.firstIndex(of: path) { return existing }
            var level = 0
            var pathKeys = path.keys[...]
            if path.isWildcard {
                if wildcardLevel < 0 { wildcardLevel = newLevel() }
                level = wildcardLevel
                pathKeys = pathKeys.dropFirst()
            }
            paths.append(path)
            let slot = paths.count - 1
            for (offset, key) in pathKeys.enumerated() {
                slotsUnder[level].append(slot)
                let entry = entryIndex(level: level, key: key)
                if offset == pathKeys.count - 1 {
                    keys[entry].slot = slot
                } else {
                    if keys[entry].child < 0 { keys[entry].child = newLevel() }
                    level = keys[entry].child
                }
            }
            return slot
        }

        /// Marks `key`, a field of the record itself, as one whose value holds more of the
        /// record's keys (see ``MappingPlan``'s attribute lists).
        mutating func container(_ key: String) {
            keys[entryIndex(level: 0, key: key)].isContainer = true
        }

        private mutating func newLevel() -> Int {
            slotsUnder.append([])
            levels += 1
            return levels - 1
        }

        private mutating func entryIndex(level: Int, key: String) -> Int {
            let name = "\(level):\(key)"
            if let existing = index[name] { return existing }
            keys.append(KeyTable.Key(level: level, key: key))
            index[name] = keys.count - 1
            return keys.count - 1
        }
    }
}
