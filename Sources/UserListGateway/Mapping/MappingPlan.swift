import UserListDomain
@_spi(Pipeline) import UserListJSON
/// A ``UserMapping`` compiled for speed: every path it reads gets a slot, and one pass over a
/// record's fields (a ``KeyTable`` probe per field) fills the slots with the values' tape
/// positions. Only the winning source of each field is turned into a `String`.
final class MappingPlan: Sendable {
    /// Plain values only (no arrays inside), so walking the rules touches no reference counts.
    private enum Source: Sendable {
        case value(slot: Int)
        /// Slots `joinedSlots[range]`.
        case joined(Range<Int>)
        /// The key is `elementKeys[key]`.
        case primaryElement(slot: Int, key: Int)
    }

    private let keys: KeyTable
    /// The level `*` paths start at, or -1.
    private let wildcardLevel: Int
    private let wildcardSkips: KeyTable
    /// Per level, the slots of the paths that pass through it.
    private let slotsUnder: [[Int]]
    private let slotCount: Int
    private let slotPaths: [FieldPath]
    /// Per field with sources: the field, and the range of its sources in ``sources``.
    private let rules: [(field: CanonicalField, sources: Range<Int>)]
    private let sources: [Source]
    private let declared: [FieldSource]
    /// How `--explain` names each source, made once; nil for those with a `*` path, named per record.
    private let descriptions: [String?]
    private let joinedSlots: [Int]
    private let elementKeys: [[UInt8]]
    private let exclusions: [(slot: Int, condition: RecordExclusion.Condition, reason: String)]

    init(rules: [UserMapping.Rule], exclusions: [RecordExclusion], wildcardSkips: [String]) {
        var builder = Builder()
        var sources: [Source] = [], joinedSlots: [Int] = [], elementKeys: [[UInt8]] = []
        self.rules = rules.map { rule in
            let start = sources.count
            for source in rule.sources {
                switch source {
                case .value(let path):
                    sources.append(.value(slot: builder.slot(for: path)))
                case .joined(let parts):
                    let first = joinedSlots.count
                    joinedSlots += parts.map { builder.slot(for: $0) }
                    sources.append(.joined(first..<joinedSlots.count))
                case .primaryElement(let path, let key):
                    elementKeys.append(Array(key.utf8))
                    sources.append(.primaryElement(slot: builder.slot(for: path), key: elementKeys.count - 1))
                }
            }
            return (rule.field, start..<sources.count)
        }
        self.sources = sources
        self.declared = rules.flatMap(\.sources)
        descriptions = declared.map { source in source.paths.contains(where: \.isWildcard) ? nil : source.description }
        self.joinedSlots = joinedSlots
        self.elementKeys = elementKeys
        self.exclusions = exclusions.map { (builder.slot(for: $0.condition.path), $0.condition, $0.reason) }
        self.wildcardSkips = KeyTable(wildcardSkips.map { KeyTable.Key(level: 0, key: $0) })
        keys = KeyTable(builder.keys)
        wildcardLevel = builder.wildcardLevel
        slotsUnder = builder.slotsUnder
        slotPaths = builder.paths
        slotCount = builder.paths.count
    }

    func map(_ record: JSONNode, fields wanted: FieldSet) -> SourceRecord {
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
                    let text = try resolve(rule.field, rule.sources, slots, materialize: wanted.contains(rule.field))?.text
                    if let text { fields.set(rule.field, text) }
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
                guard let found = try? resolve(rule.field, rule.sources, slots, materialize: false) else { return nil }
                return (rule.field, descriptions[found.source] ?? describe(declared[found.source], slots, record))
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
    /// value, as jq does; under `*`, the first nested object that has the key wins (and in it, the last).
    private func collect(_ object: JSONNode, level: Int, into slots: Slots, container: Int) {
        object.forEachField { key, value in
            if let entry = keys.find(key, level: level) {
                let slot = Int(entry.slot)
                if slot >= 0, container < 0 || slots.values[slot] < 0 || slots.containers[slot] == container {
                    slots.values[slot] = value.index
                    slots.containers[slot] = container
                }
                if entry.child >= 0 {
                    // A repeated key replaces the whole earlier object, as in jq: forget what it gave.
                    if container < 0 { for slot in slotsUnder[Int(entry.child)] { slots.values[slot] = -1 } }
                    if value.kind == .object { collect(value, level: Int(entry.child), into: slots, container: container) }
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
    /// could not be used, which should never pass unnoticed. The text is made only when
    /// `materialize` is set: a field the run doesn't need is only checked.
    private func resolve(_ field: CanonicalField, _ range: Range<Int>, _ slots: Slots, materialize: Bool) throws(DTODecodingError) -> (text: String?, source: Int)? {
        var mismatch: DTODecodingError?
        for index in range {
            switch sources[index] {
            case .value(let slot):
                guard let node = slots.node(slot) else { continue }
                if Self.hasText(node, for: field) { return (materialize ? Self.text(node, for: field) : nil, index) }
                // A scalar of the wrong type is data we can't use; an object or array is the same
                // key in another API's convention (`name` as `{first, last}`), read by other sources.
                if mismatch == nil, node.kind == .bool || node.kind == .number {
                    mismatch = .typeMismatch(describe(slotPaths[slot], slots, slots.record), found: node.kind, expected: field.expectation)
                }
            case .joined(let parts):
                var texts: [String] = []
                var found = 0
                var usable = true
                for slot in joinedSlots[parts] {
                    guard let node = slots.node(slot) else { continue }
                    if Self.hasText(node, for: field) {
                        found += 1
                        if materialize, let text = Self.text(node, for: field) { texts.append(text) }
                    } else if node.kind == .bool || node.kind == .number {
                        // A part of the wrong type spoils the whole join (`"last_name": 7`).
                        usable = false
                        if mismatch == nil {
                            mismatch = .typeMismatch(describe(slotPaths[slot], slots, slots.record), found: node.kind, expected: field.expectation)
                        }
                    }
                }
                if usable, found > 0 { return (materialize ? texts.joined(separator: " ") : nil, index) }
            case .primaryElement(let slot, let key):
                guard let array = slots.node(slot), array.kind == .array else { continue }
                if let element = Self.primaryElement(of: array) {
                    let value = element.kind == .object ? element.field(bytes: elementKeys[key]) : element
                    if let value, Self.hasText(value, for: field) { return (materialize ? Self.text(value, for: field) : nil, index) }
                }
            }
        }
        if let mismatch { throw mismatch }
        return nil
    }

    /// Whether ``text(_:for:)`` would give a value, without making it.
    @inline(__always)
    private static func hasText(_ node: JSONNode, for field: CanonicalField) -> Bool {
        if let bytes = node.stringBytes {
            guard bytes.contains(where: { !$0.isJSONWhitespace }) else { return false }
            return field != .avatarURL || looksLikeURL(bytes)
        }
        return field.acceptsNumber && node.number != nil
    }

    /// A string that isn't blank, or a number's exact text where numbers are welcome. An avatar
    /// must look like a URL: Discord and others send an image hash under `avatar`.
    @inline(__always)
    private static func text(_ node: JSONNode, for field: CanonicalField) -> String? {
        if let bytes = node.stringBytes {
            guard bytes.contains(where: { !$0.isJSONWhitespace }) else { return nil }
            if field == .avatarURL, !looksLikeURL(bytes) { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        if field.acceptsNumber, let number = node.number { return number.text }
        return nil
    }

    /// `scheme://…`, `//host/…`, `/path` or `data:…`, after any leading white space.
    private static func looksLikeURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.firstIndex(where: { !$0.isJSONWhitespace }) else { return false }
        let text = bytes[start...]
        if text.first == UInt8(ascii: "/") || text.starts(with: "data:".utf8) { return true }
        let scheme = text.prefix { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
        return !scheme.isEmpty && text.dropFirst(scheme.count).starts(with: "://".utf8)
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

    /// A source as `--explain` shows it, with the nested object each `*` path was found in.
    private func describe(_ source: FieldSource, _ slots: Slots, _ record: JSONNode) -> String {
        switch source {
        case .value(let path): describe(path, slots, record)
        case .joined(let parts): parts.map { describe($0, slots, record) }.joined(separator: " + ")
        case .primaryElement: source.description
        }
    }

    private func describe(_ path: FieldPath, _ slots: Slots, _ record: JSONNode) -> String {
        guard path.isWildcard else { return path.description }
        let slot = slotPaths.firstIndex(of: path)!
        var container = "*"
        record.forEachField { key, value in
            if value.index == slots.containers[slot] { container = String(decoding: key, as: UTF8.self) }
        }
        return ([container] + path.keys.dropFirst()).joined(separator: ".")
    }

}

extension JSONNode {
    /// A string of nothing but white space: the Service would make it `nil`, so it is no value.
    var isBlankString: Bool { stringBytes.map { $0.allSatisfy(\.isJSONWhitespace) } ?? false }
}
