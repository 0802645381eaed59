/// A ``UserMapping`` compiled for speed: every path it reads gets a slot, and one pass over a
/// record's fields (a ``KeyTable`` probe per field) fills the slots with the values' tape
/// positions. Only the winning source of each field is turned into a `String`.
final class MappingPlan: Sendable {
    private enum Source: Sendable {
        case value(slot: Int)
        case joined(slots: [Int])
        case primaryElement(slot: Int, key: [UInt8])
    }

    private let levels: [KeyTable]
    /// The level `*` paths start at, or -1.
    private let wildcardLevel: Int
    private let wildcardSkips: KeyTable
    private let slotCount: Int
    private let slotPaths: [FieldPath]
    /// Per field with sources: the field, and its compiled and declared sources, in order.
    private let rules: [(field: CanonicalField, sources: [Source], declared: [FieldSource])]
    private let exclusions: [(slot: Int, condition: RecordExclusion.Condition, reason: String)]

    init(rules: [UserMapping.Rule], exclusions: [RecordExclusion], wildcardSkips: [String]) {
        var builder = Builder()
        self.rules = rules.map { rule in
            let sources = rule.sources.map { source -> Source in
                switch source {
                case .value(let path): .value(slot: builder.slot(for: path))
                case .joined(let parts): .joined(slots: parts.map { builder.slot(for: $0) })
                case .primaryElement(let path, let key): .primaryElement(slot: builder.slot(for: path), key: Array(key.utf8))
                }
            }
            return (rule.field, sources, rule.sources)
        }
        self.exclusions = exclusions.map { (builder.slot(for: $0.condition.path), $0.condition, $0.reason) }
        var skips = KeyTable()
        for key in wildcardSkips { _ = skips.entryIndex(for: key) }
        self.wildcardSkips = skips
        levels = builder.levels
        wildcardLevel = builder.wildcardLevel
        slotPaths = builder.paths
        slotCount = builder.paths.count
    }

    func map(_ record: JSONNode) -> SourceRecord {
        withSlots(of: record) { slots in
            for exclusion in exclusions {
                guard let node = slots.node(exclusion.slot) else { continue }
                switch exclusion.condition {
                case .isTrue:
                    if node.bool == true { return .excluded(reason: exclusion.reason) }
                case .equals(_, let value):
                    if node.string == value { return .excluded(reason: exclusion.reason) }
                }
            }
            var fields = MappedFields()
            for rule in rules {
                do throws(DTODecodingError) {
                    fields[rule.field] = try resolve(rule.field, rule.sources, slots)?.text
                } catch {
                    return .unusable(reason: error.reason)
                }
            }
            return .user(fields.user())
        }
    }

    func sources(of record: JSONNode) -> [(CanonicalField, String)] {
        withSlots(of: record) { slots in
            rules.compactMap { rule in
                guard let found = try? resolve(rule.field, rule.sources, slots) else { return nil }
                return (rule.field, describe(rule.declared[found.source], slots, record))
            }
        }
    }

    // MARK: Filling the slots

    /// The value positions of one record, by slot (-1: absent); wildcard slots also keep the
    /// position of the nested object they were found in, for `--explain`.
    struct Slots {
        let record: JSONNode
        let values: UnsafeMutableBufferPointer<Int>
        let containers: UnsafeMutableBufferPointer<Int>

        @inline(__always) func node(_ slot: Int) -> JSONNode? {
            let index = values[slot]
            return index < 0 ? nil : record.node(at: index)
        }
    }

    private func withSlots<R>(of record: JSONNode, _ body: (Slots) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: slotCount * 2) { buffer in
            buffer.initialize(repeating: -1)
            let slots = Slots(
                record: record,
                values: UnsafeMutableBufferPointer(rebasing: buffer[0..<slotCount]),
                containers: UnsafeMutableBufferPointer(rebasing: buffer[slotCount...]))
            collect(record, level: 0, into: slots, container: -1)
            return body(slots)
        }
    }

    /// Records the position of every field the mapping reads. A key seen twice keeps the last
    /// value, as jq does; under `*`, the first nested object that has the key wins.
    private func collect(_ object: JSONNode, level: Int, into slots: Slots, container: Int) {
        let table = levels[level]
        object.forEachField { key, value in
            if let found = table.find(key) {
                let entry = table.entries[found]
                if entry.slot >= 0, container < 0 || slots.values[entry.slot] < 0 {
                    slots.values[entry.slot] = value.index
                    slots.containers[entry.slot] = container
                }
                if entry.child >= 0, value.kind == .object {
                    collect(value, level: entry.child, into: slots, container: container)
                }
            }
            if level == 0, wildcardLevel >= 0, value.kind == .object, wildcardSkips.find(key) == nil {
                collect(value, level: wildcardLevel, into: slots, container: value.index)
            }
        }
    }

    // MARK: Resolving a field

    /// The first source of `sources` that holds a value (and which one it was). When none does
    /// but one held a scalar of the wrong type, that is the record's error: data that was there
    /// could not be used, which should never pass unnoticed.
    private func resolve(_ field: CanonicalField, _ sources: [Source], _ slots: Slots) throws(DTODecodingError) -> (text: String, source: Int)? {
        var mismatch: DTODecodingError?
        for (index, source) in sources.enumerated() {
            switch source {
            case .value(let slot):
                guard let node = slots.node(slot) else { continue }
                if let text = Self.text(node, numbers: field.acceptsNumber) { return (text, index) }
                // A scalar of the wrong type is data we can't use; an object or array is the same
                // key in another API's convention (`name` as `{first, last}`), read by other sources.
                if mismatch == nil, node.kind == .bool || node.kind == .number {
                    mismatch = .typeMismatch(slotPaths[slot].description, found: node.kind, expected: field.expectation)
                }
            case .joined(let parts):
                let texts = parts.compactMap { slots.node($0).flatMap { Self.text($0, numbers: true) } }
                if !texts.isEmpty { return (texts.joined(separator: " "), index) }
            case .primaryElement(let slot, let key):
                guard let array = slots.node(slot), array.kind == .array else { continue }
                if let element = Self.primaryElement(of: array) {
                    let value = element.kind == .object ? Self.field(key, of: element) : element
                    if let value, let text = Self.text(value, numbers: field.acceptsNumber) { return (text, index) }
                }
            }
        }
        if let mismatch { throw mismatch }
        return nil
    }

    /// A string that isn't blank, or a number's exact text where numbers are welcome.
    @inline(__always)
    private static func text(_ node: JSONNode, numbers: Bool) -> String? {
        if let bytes = node.stringBytes {
            return bytes.contains(where: { !$0.isJSONWhitespace }) ? String(decoding: bytes, as: UTF8.self) : nil
        }
        if numbers, let number = node.number { return number.text }
        return nil
    }

    /// The field named by `key`'s bytes (the last one, as jq reads duplicates).
    private static func field(_ key: [UInt8], of object: JSONNode) -> JSONNode? {
        var found: JSONNode?
        object.forEachField { name, value in
            if name.elementsEqual(key) { found = value }
        }
        return found
    }

    /// The element with `"primary": true`, else the first.
    private static func primaryElement(of array: JSONNode) -> JSONNode? {
        var first: JSONNode?
        var primary: JSONNode?
        array.forEachElement { element in
            if first == nil { first = element }
            if primary == nil, element.kind == .object, element.field("primary")?.bool == true { primary = element }
        }
        return primary ?? first
    }

    /// A source as `--explain` shows it, with the nested object a `*` path was found in.
    private func describe(_ source: FieldSource, _ slots: Slots, _ record: JSONNode) -> String {
        guard case .value(let path) = source, path.isWildcard else { return source.description }
        let slot = slotPaths.firstIndex(of: path)!
        var container = "*"
        record.forEachField { key, value in
            if value.index == slots.containers[slot] { container = String(decoding: key, as: UTF8.self) }
        }
        return ([container] + path.keys.dropFirst()).joined(separator: ".")
    }

    // MARK: Compiling

    private struct Builder {
        var levels = [KeyTable()]
        var wildcardLevel = -1
        var paths: [FieldPath] = []

        mutating func slot(for path: FieldPath) -> Int {
            if let existing = paths.firstIndex(of: path) { return existing }
            var level = 0
            var keys = path.keys[...]
            if path.isWildcard {
                if wildcardLevel < 0 {
                    levels.append(KeyTable())
                    wildcardLevel = levels.count - 1
                }
                level = wildcardLevel
                keys = keys.dropFirst()
            }
            paths.append(path)
            let slot = paths.count - 1
            for (offset, key) in keys.enumerated() {
                let entry = levels[level].entryIndex(for: key)
                if offset == keys.count - 1 {
                    levels[level].update(entry) { $0.slot = slot }
                } else {
                    if levels[level].entries[entry].child < 0 {
                        levels.append(KeyTable())
                        let child = levels.count - 1
                        levels[level].update(entry) { $0.child = child }
                    }
                    level = levels[level].entries[entry].child
                }
            }
            return slot
        }
    }
}

extension JSONNode {
    /// A string of nothing but white space: the Service would make it `nil`, so it is no value.
    var isBlankString: Bool { stringBytes.map { $0.allSatisfy(\.isJSONWhitespace) } ?? false }
}

extension UInt8 {
    var isJSONWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
