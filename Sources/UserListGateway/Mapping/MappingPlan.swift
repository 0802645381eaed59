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
        /// A string that reads as an identifier (see ``IdentifierText``).
        case identifier(slot: Int)
        /// A string that reads as an email address (see ``EmailAddressText``).
        case emailAddress(slot: Int)
    }

    private let keys: KeyTable
    /// The level `*` paths start at, or -1.
    private let wildcardLevel: Int
    /// The keys whose objects `*` paths look into (``UserMapping/nestedPersonKeys``), and the
    /// rule for other keys (``UserMapping/nestedPersonWords``).
    private let nestedPersonKeys: KeyTable
    private let nestedPersonWords: NestedPersonWords?
    /// Per level, the slots of the paths that pass through it.
    private let slotsUnder: [[Int]]
    private let slotCount: Int
    /// Words of a record's bit set of filled slots, and per rule (flat, `maskWords` each) the
    /// bits of the slots its sources read: a rule none of whose slots a record filled is skipped
    /// at once (most of the general mapping's ~50 avatar names, for most records).
    private let maskWords: Int
    private let ruleMasks: [Int]
    private let slotPaths: [FieldPath]
    /// Per field with sources: the field, and the range of its sources in ``sources``.
    private let rules: [(field: CanonicalField, sources: Range<Int>)]
    private let sources: [Source]
    private let declared: [FieldSource]
    private let joinedSlots: [Int]
    private let elementKeys: [[UInt8]]
    /// Per `elementKeys` entry, the record's keys that may name its list's primary element by id
    /// (Clerk's `primary_email_address_id` beside `email_addresses`).
    let primaryIDSlots: [[Int]]
    private let exclusions: [(slot: Int, condition: RecordExclusion.Condition, reason: String)]
    /// The exclusions' slots alone: most records fill none, and a loop over plain integers
    /// touches no reference counts (a loop over the exclusions copied each one's strings).
    private let exclusionSlots: [Int]
    /// The slots of the wrapper keys (`user`, `profile`, …), in order, and their names.
    private let wrapperSlots: [(slot: Int, key: String)]
    /// Per source, whether it reads a `*` path (the person's fields one level down).
    private let readsNested: [Bool]
    /// The rules of the fields that say who a record is: name, username, email.
    private let identityRules: [(field: CanonicalField, sources: Range<Int>)]
    private let idRule: (field: CanonicalField, sources: Range<Int>)?
    /// `--base-url`: what an avatar's path is resolved against (see ``AvatarValue``).
    let avatarBase: BaseURL?

    init(
        rules: [UserMapping.Rule], exclusions: [RecordExclusion], nestedPersonKeys: [String], nestedPersonWords: NestedPersonWords? = nil, wrappers: [String] = [], containers: [String] = [],
        avatarBase: BaseURL? = nil
    ) {
        self.avatarBase = avatarBase
        var builder = Builder()
        var sources: [Source] = [], joinedSlots: [Int] = [], elementKeys: [[UInt8]] = [], primaryIDSlots: [[Int]] = []
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
                    // Slots of their own: filled in the record's one pass, not looked up per resolve.
                    primaryIDSlots.append(Self.primaryIDKeys(for: path).map { builder.slot(for: FieldPath(keys: [$0])) })
                    sources.append(.primaryElement(slot: builder.slot(for: path), key: elementKeys.count - 1))
                case .identifier(let path):
                    sources.append(.identifier(slot: builder.slot(for: path)))
                case .emailAddress(let path):
                    sources.append(.emailAddress(slot: builder.slot(for: path)))
                }
            }
            return (rule.field, start..<sources.count)
        }
        self.sources = sources
        self.declared = rules.flatMap(\.sources)
        readsNested = declared.map { source in source.paths.contains(where: \.isWildcard) }
        identityRules = self.rules.filter { [.name, .username, .email].contains($0.field) }
        idRule = self.rules.first { $0.field == .id }
        self.joinedSlots = joinedSlots
        self.elementKeys = elementKeys
        self.primaryIDSlots = primaryIDSlots
        self.exclusions = exclusions.map { (builder.slot(for: $0.condition.path), $0.condition, $0.reason) }
        exclusionSlots = self.exclusions.map(\.slot)
        wrapperSlots = wrappers.map { (builder.slot(for: FieldPath($0)), $0) }
        for container in containers { builder.container(container) }
        self.nestedPersonWords = nestedPersonWords
        self.nestedPersonKeys = KeyTable(Self.withOtherSpellings(nestedPersonKeys.map { KeyTable.Key(level: 0, key: $0) }))
        keys = KeyTable(Self.withOtherSpellings(builder.keys))
        wildcardLevel = builder.wildcardLevel
        slotsUnder = builder.slotsUnder
        slotPaths = builder.paths
        slotCount = builder.paths.count
        let words = (builder.paths.count + 63) / 64
        maskWords = words
        var masks = [Int](repeating: 0, count: self.rules.count * words)
        for (index, rule) in self.rules.enumerated() {
            for source in sources[rule.sources] {
                let slots: [Int] = switch source {
                case .value(let slot), .primaryElement(let slot, _), .identifier(let slot), .emailAddress(let slot): [slot]
                case .joined(let parts): Array(joinedSlots[parts])
                }
                for slot in slots { masks[index * words + slot >> 6] |= 1 << (slot & 63) }
            }
        }
        ruleMasks = masks
    }

    /// Every key also in its other spellings (``KeySpellings``: `Id`, `User ID`, `FIRST_NAME`),
    /// unless the mapping names that spelling itself. The table grows; a lookup stays one probe.
    private static func withOtherSpellings(_ keys: [KeyTable.Key]) -> [KeyTable.Key] {
        var taken = Set(keys.map { "\($0.level):\($0.key)" })
        var all = keys
        for key in keys {
            for spelling in KeySpellings.of(key.key) {
                var alias = key
                alias.key = spelling
                if taken.insert("\(alias.level):\(alias.key)").inserted { all.append(alias) }
            }
        }
        return all
    }

    func map(_ record: JSONNode, fields wanted: FieldSet) -> SourceRecord {
        map(record, fields: wanted, unwrapping: true)
    }

    private func map(_ record: JSONNode, fields wanted: FieldSet, unwrapping: Bool) -> SourceRecord {
        withSlots(of: record) { slots in
            if let reason = exclusion(slots) { return .excluded(reason: reason) }
            if unwrapping, let person = wrappedPerson(slots) { return map(person.node, fields: wanted, unwrapping: false) }
            var fields = MappedFields()
            for (index, rule) in rules.enumerated() {
                guard slots.anyFilled(ruleMasks, at: index * maskWords, words: maskWords) else { continue }
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
        sources(of: record, unwrapping: true)
    }

    /// Why `record` is left out, if it is (`--explain` lists them).
    func exclusionReason(of record: JSONNode) -> String? {
        if case .excluded(let reason) = map(record, fields: [], unwrapping: true) { return reason }
        return nil
    }

    /// The reason of the first exclusion whose condition the record meets.
    private func exclusion(_ slots: Slots) -> String? {
        for (index, slot) in exclusionSlots.enumerated() {
            guard let node = slots.node(slot) else { continue }
            let exclusion = exclusions[index]
            switch exclusion.condition {
            case .isTrue:
                if node.bool == true { return exclusion.reason }
            case .equals(_, let value):
                if node.string == value { return exclusion.reason }
            case .kind:
                if let reason = NonPersonKind.reason(of: node) { return reason }
            case .present:
                if !node.isNull { return exclusion.reason }
            }
        }
        return nil
    }

    private func sources(of record: JSONNode, unwrapping: Bool) -> [(CanonicalField, String)] {
        withSlots(of: record) { slots in
            if unwrapping, let person = wrappedPerson(slots) {
                // `user.` before each path, and before each part of a joined one.
                return sources(of: person.node, unwrapping: false).map { field, source in
                    (field, source.split(separator: " + ", omittingEmptySubsequences: false).map { "\(person.key).\($0)" }.joined(separator: " + "))
                }
            }
            return rules.compactMap { rule in
                guard let found = try? resolve(rule.field, rule.sources, slots, materialize: false) else { return nil }
                var description = describe(declared[found.source], slots, record, rule.field)
                if rule.field == .avatarURL, case .value(let slot) = sources[found.source], let node = slots.node(slot) {
                    description += avatarChoice(Self.unwrapped(node, for: .avatarURL))
                }
                return (rule.field, description)
            }
        }
    }

    /// How `--explain` says which image of a size map or array was chosen (`."96" (largest of 3
    /// sizes)`), or which placeholders of a template were filled (` ({size} → 512)`).
    private func avatarChoice(_ node: JSONNode) -> String {
        if let bytes = node.stringBytes {
            let placeholders = AvatarValue.placeholders(in: bytes)
            var notes = placeholders.isEmpty ? [] : ["\(placeholders.joined(separator: ", ")) → \(AvatarValue.templateSize)"]
            switch AvatarValue.form(of: bytes) {
            case .relative?: notes.append("resolved against --base-url")
            case .schemeRelative?: notes.append("https: added")
            default: break
            }
            return notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"
        }
        guard let choice = AvatarValue.largest(in: node, base: avatarBase) else { return "" }
        return choice.selector + (choice.note.isEmpty ? "" : " (\(choice.note))") + avatarChoice(choice.url)
    }

    // MARK: A person wrapped one level down

    /// The object a list item wraps its person in (Discord's `{"user": {…}, "nick", "roles"}`,
    /// Dropbox's `{"profile": {…}, "roles"}`, PostHog's and Asana's memberships `{"id", "user":
    /// {"id", …}, "level"}`): when the item has no name, username or email of its own, the first
    /// wrapper object that has an id of its own and one of them is the record — an item's own id
    /// beside it is the membership's, not the person's, unless the wrapper's id is only a weaker
    /// kind (a later id source: Okta's `{"id", "profile": {"login", …}}` has a login, no id, and
    /// the item stays the record, read the ordinary way: its person's fields one level down).
    private func wrappedPerson(_ slots: Slots) -> (node: JSONNode, key: String)? {
        // Cheapest first: most records have no wrapper object.
        guard wrapperSlots.contains(where: { slots.node($0.slot)?.kind == .object }), let ids = idRule,
              !hasIdentity(slots, nestedToo: false)
        else { return nil }
        let ownID = (try? resolve(ids.field, ids.sources, slots, materialize: false))?.source
        for wrapper in wrapperSlots {
            guard let inner = slots.node(wrapper.slot), inner.kind == .object else { continue }
            // An `owner` is someone else's beside an item's own id (a task's, a file's); it is the
            // person only of an item without one (Render's `[{"owner": {…}, "cursor"}]`).
            if ownID != nil, Self.relationWrappers.contains(wrapper.key) { continue }
            let isPerson = withSlots(of: inner) { innerSlots in
                guard let innerID = try? resolve(ids.field, ids.sources, innerSlots, materialize: false),
                      ownID.map({ innerID.source <= $0 }) ?? true else { return false }
                return hasIdentity(innerSlots, nestedToo: true)
            }
            if isPerson { return (inner, wrapper.key) }
        }
        return nil
    }

    private static let relationWrappers: Set<String> = ["owner"]

    /// Whether the record has a name, a username or an email of its own (or, with `nestedToo`,
    /// one level down).
    private func hasIdentity(_ slots: Slots, nestedToo: Bool) -> Bool {
        identityRules.contains { rule in
            guard let found = try? resolve(rule.field, rule.sources, slots, materialize: false) else { return false }
            return nestedToo || !readsNested[found.source]
        }
    }

    // MARK: Filling the slots

    /// The value positions of one record, by slot (-1: absent); wildcard slots also keep the
    /// position of the nested object they were found in, for `--explain`. Only a bit per slot is
    /// set up per record (`filled`): a value and its container are read only where the bit says
    /// they were written, so no memset of every slot (it was the biggest cost of a record with
    /// few fields, and grew with the general mapping's names).
    struct Slots {
        let record: JSONNode
        let values: UnsafeMutableBufferPointer<Int>
        let containers: UnsafeMutableBufferPointer<Int>
        /// Bits of the slots ever filled (see ``MappingPlan/ruleMasks``).
        let filled: UnsafeMutableBufferPointer<Int>

        @inline(__always) func node(_ slot: Int) -> JSONNode? {
            let index = value(slot)
            return index < 0 ? nil : record.node(at: index)
        }

        /// The value's position in slot `slot`, or -1. Only slots whose bit is set in `filled`
        /// were written: the others are never read, so no slot needs setting up per record.
        @inline(__always) func value(_ slot: Int) -> Int {
            filled[slot >> 6] & (1 << (slot & 63)) == 0 ? -1 : values[slot]
        }

        @inline(__always) func fill(_ slot: Int, with index: Int, container: Int) {
            values[slot] = index
            containers[slot] = container
            filled[slot >> 6] |= 1 << (slot & 63)
        }

        @inline(__always) func anyFilled(_ masks: [Int], at start: Int, words: Int) -> Bool {
            for word in 0..<words where filled[word] & masks[start + word] != 0 { return true }
            return false
        }
    }

    private func withSlots<R>(of record: JSONNode, _ body: (Slots) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: slotCount * 2 + maskWords) { buffer in
            // Only the bits are set up: a slot is read only once its bit says it was written
            // (the memset of every slot, -1, was the biggest cost of a record with few fields).
            UnsafeMutableBufferPointer(rebasing: buffer[(slotCount * 2)...]).initialize(repeating: 0)
            let slots = Slots(
                record: record,
                values: UnsafeMutableBufferPointer(rebasing: buffer[0..<slotCount]),
                containers: UnsafeMutableBufferPointer(rebasing: buffer[slotCount..<(slotCount * 2)]),
                filled: UnsafeMutableBufferPointer(rebasing: buffer[(slotCount * 2)...]))
            collect(record, level: 0, into: slots, container: -1)
            return body(slots)
        }
    }

    /// Records the position of every field the mapping reads. A key seen twice keeps the last
    /// value, as jq does; under `*`, the first nested object that has the key wins (and in it, the last).
    private func collect(_ object: JSONNode, level: Int, into slots: Slots, container: Int) {
        object.forEachField { key, value in
            if let entry = keys.find(key, level: level) {
                if entry.isContainer, level == 0, container < 0 { collectAttributes(value, into: slots, depth: 0) }
                let slot = Int(entry.slot)
                if slot >= 0, container < 0 || slots.value(slot) < 0 || slots.containers[slot] == container {
                    slots.fill(slot, with: value.index, container: container)
                }
                if entry.child >= 0 {
                    // A repeated key replaces the whole earlier object, as in jq: forget what it gave.
                    if container < 0 { for slot in slotsUnder[Int(entry.child)] { slots.values[slot] = -1 } }
                    if value.kind == .object { collect(value, level: Int(entry.child), into: slots, container: container) }
                }
            }
            if level == 0, container < 0, wildcardLevel >= 0, value.kind == .object,
               nestedPersonKeys.find(key) != nil || nestedPersonWords?.admits(key) == true {
                collect(value, level: wildcardLevel, into: slots, container: value.index)
            }
        }
    }

    // MARK: Attribute lists

    /// Keys an attribute list names its entries by, and keys it keeps their values under.
    private static let attributeNameKeys: [[UInt8]] = ["Name", "name", "key", "Key", "type", "Type"].map { Array($0.utf8) }
    private static let attributeValueKeys: [[UInt8]] = ["Value", "value", "values", "Values"].map { Array($0.utf8) }

    /// Reads a container's keys into the slots the record's own keys left empty (whichever
    /// comes first in the record, its own key wins): an object's fields as the record's, a list's
    /// named or typed entries as `name: value` (the name as given, else in lower case: `EMAIL`),
    /// and in a list of other objects, the containers they hold (`identity-profiles[].identities`).
    /// Each slot keeps the entry (or object) it came from, for `--explain`.
    private func collectAttributes(_ value: JSONNode, into slots: Slots, depth: Int) {
        switch value.kind {
        case .object:
            collect(value, level: 0, into: slots, container: value.index)
        case .array where depth < 2:
            value.forEachElement { element in
                guard element.kind == .object else { return }
                if let (name, entryValue) = Self.namedValue(element) {
                    guard let entry = keys.find(name) ?? Self.lowercased(name).withUnsafeBufferPointer({ keys.find($0) }) else { return }
                    let slot = Int(entry.slot)
                    if slot >= 0, slots.value(slot) < 0 {
                        slots.fill(slot, with: entryValue.index, container: element.index)
                    }
                } else {
                    element.forEachField { key, nested in
                        if let entry = keys.find(key), entry.isContainer, nested.kind == .array { collectAttributes(nested, into: slots, depth: depth + 1) }
                    }
                }
            }
        default:
            break
        }
    }

    /// An entry's name and value: `{"Name": "email", "Value": …}`, `{"type": "EMAIL", "value": …}`.
    private static func namedValue(_ entry: JSONNode) -> (name: UnsafeBufferPointer<UInt8>, value: JSONNode)? {
        var name: UnsafeBufferPointer<UInt8>?
        var value: JSONNode?
        entry.forEachField { key, field in
            if name == nil, let bytes = field.stringBytes, attributeNameKeys.contains(where: { key.elementsEqual($0) }) {
                name = bytes
            } else if value == nil, attributeValueKeys.contains(where: { key.elementsEqual($0) }) {
                value = field
            }
        }
        guard let name, let value, !name.isEmpty else { return nil }
        return (name, value)
    }

    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
    }

    // MARK: Resolving a field

    /// The first source of `sources` that holds a value (and which one it was); a join counts
    /// only with all its parts, and one with some of them is used when no later source has a
    /// value. When none does
    /// but one held a scalar of the wrong type, that is the record's error: data that was there
    /// could not be used, which should never pass unnoticed. The text is made only when
    /// `materialize` is set: a field the run doesn't need is only checked.
    private func resolve(_ field: CanonicalField, _ range: Range<Int>, _ slots: Slots, materialize: Bool) throws(DTODecodingError) -> (text: String?, source: Int)? {
        var mismatch: DTODecodingError?
        // A join with only some of its parts (a given name without the family name it expects)
        // yields to a later join that has them all (`name.given_name + name.surname`).
        var partial: (text: String?, source: Int)?
        for index in range {
            switch sources[index] {
            case .value(let slot):
                guard let found = slots.node(slot) else { continue }
                let node = Self.unwrapped(found, for: field)
                if field == .id, case .double(let value)? = node.number, !DTODecodingError.acceptsAsID(value) {
                    // See DTODecodingError.inexactID: such an id is not used, and says why.
                    if mismatch == nil { mismatch = .inexactID(describe(slotPaths[slot], slots, slots.record, field), read: value) }
                    continue
                }
                if hasText(node, for: field) {
                    // A name is never an identifier (`@alice:example.org` under `name`): it is the id's;
                    // nor an e-mail address (Bugzilla's `name` is the login, `real_name` the name).
                    if field == .name, let bytes = node.stringBytes, IdentifierText.matches(bytes) || EmailAddressText.matches(bytes) { continue }
                    return (materialize ? text(node, for: field) : nil, index)
                }
                // A scalar of the wrong type is data we can't use; an object or array is the same
                // key in another API's convention (`name` as `{first, last}`), read by other sources.
                // `false` is "no value", as `null` is: Odoo and PHP APIs write it for every empty
                // field (`"phone": false` dropped 2 of 3 of Odoo's users). An id of `false` stays wrong.
                if mismatch == nil, node.kind == .bool && (node.bool != false || field == .id) || node.kind == .number {
                    mismatch = .typeMismatch(describe(slotPaths[slot], slots, slots.record, field), found: node.kind, expected: field.expectation)
                }
            case .joined(let parts):
                var texts: [String] = []
                var found = 0
                var usable = true
                for slot in joinedSlots[parts] {
                    guard let part = slots.node(slot) else { continue }
                    let node = Self.unwrapped(part, for: field)
                    // As for a single source: an identifier or an e-mail address is no part of a name.
                    if field == .name, let bytes = node.stringBytes, IdentifierText.matches(bytes) || EmailAddressText.matches(bytes) { continue }
                    if hasText(node, for: field) {
                        found += 1
                        if materialize, let text = text(node, for: field) { texts.append(text) }
                    } else if node.kind == .bool && node.bool != false || node.kind == .number {
                        // A part of the wrong type spoils the whole join (`"last_name": 7`).
                        usable = false
                        if mismatch == nil {
                            mismatch = .typeMismatch(describe(slotPaths[slot], slots, slots.record, field), found: node.kind, expected: field.expectation)
                        }
                    }
                }
                if usable, found == parts.count {
                    // A first part that already ends with the last one is the whole (`"name": "Yan
                    // Huang"` beside `"surname": "Huang"`): not "Yan Huang Huang".
                    if materialize, texts.count == 2, texts[0].count > texts[1].count,
                       texts[0].lowercased().hasSuffix(" " + texts[1].lowercased()) { return (texts[0], index) }
                    return (materialize ? texts.joined(separator: " ") : nil, index)
                }
                if usable, found > 0, partial == nil { partial = (materialize ? texts.joined(separator: " ") : nil, index) }
            case .identifier(let slot):
                guard let node = slots.node(slot), let bytes = node.stringBytes, IdentifierText.matches(bytes) else { continue }
                return (materialize ? String(decoding: bytes, as: UTF8.self) : nil, index)
            case .emailAddress(let slot):
                guard let node = slots.node(slot), let bytes = node.stringBytes, EmailAddressText.matches(bytes) else { continue }
                return (materialize ? String(decoding: bytes, as: UTF8.self) : nil, index)
            case .primaryElement(let slot, let key):
                guard let array = slots.node(slot), array.kind == .array else { continue }
                if let element = Self.primaryChoice(of: array, id: primaryID(key, slots))?.element {
                    let value = element.kind == .object ? element.field(bytes: elementKeys[key]) : element
                    if let value, hasText(value, for: field) { return (materialize ? text(value, for: field) : nil, index) }
                }
            }
        }
        if let partial { return partial }
        if let mismatch { throw mismatch }
        return nil
    }

    /// The value a node stands for: an object that wraps it (`{"value": "Bob", "timestamp": …}`,
    /// HubSpot's `properties.firstname`) gives its `value`, unless it also names it (`{"name":
    /// "SSN", "value": …}` is a named value, not a wrapper); a list of values (LDAP's `"mail":
    /// ["…"]`, Keycloak's `attributes.phone`) its first that isn't blank, where the field takes one
    /// value (an avatar's list is a list of images: ``AvatarValue``).
    @inline(__always)
    private static func unwrapped(_ node: JSONNode, for field: CanonicalField) -> JSONNode {
        switch node.typeByte {
        case UInt8(ascii: "{"): wrappedValue(node) ?? node
        case UInt8(ascii: "["): field == .avatarURL ? node : firstValue(of: node)?.node ?? node
        default: node
        }
    }

    /// A list's first string that isn't blank, or number, and its index.
    private static func firstValue(of list: JSONNode) -> (node: JSONNode, index: Int)? {
        var found: (JSONNode, Int)?
        var index = 0
        list.forEachElement { element in
            defer { index += 1 }
            guard found == nil else { return }
            if let bytes = element.stringBytes {
                if bytes.contains(where: { !$0.isJSONWhitespace }) { found = (element, index) }
            } else if element.kind == .number {
                found = (element, index)
            }
        }
        return found
    }

    /// The `value` an object wraps, if it is a wrapper (see ``unwrapped(_:for:)``).
    static func wrappedValue(_ object: JSONNode) -> JSONNode? {
        var value: JSONNode?
        var named = false
        object.forEachField { key, field in
            if key.elementsEqual("value".utf8) || key.elementsEqual("Value".utf8) {
                value = field
            } else if key.elementsEqual("name".utf8) || key.elementsEqual("Name".utf8) || key.elementsEqual("key".utf8) {
                named = true
            }
        }
        guard !named, let value, value.kind != .object, value.kind != .array else { return nil }
        return value
    }

    /// Whether ``text(_:for:)`` would give a value, without making it.
    @inline(__always)
    private func hasText(_ node: JSONNode, for field: CanonicalField) -> Bool {
        if let bytes = node.stringBytes {
            guard bytes.contains(where: { !$0.isJSONWhitespace }) else { return false }
            if field == .companyName, ReferenceText.matches(bytes) { return false }
            return field != .avatarURL || AvatarValue.usable(bytes, base: avatarBase)
        }
        if field == .avatarURL { return AvatarValue.largest(in: node, base: avatarBase) != nil }
        return field.acceptsNumber && node.number != nil
    }

    /// A string that isn't blank, or a number's exact text where numbers are welcome. An avatar
    /// is read by ``AvatarValue``'s rules: a URL a list can show (Discord and others send an image
    /// hash under `avatar`: no URL, no avatar), a template, a map of sizes, an image object or an
    /// array of images.
    @inline(__always)
    private func text(_ node: JSONNode, for field: CanonicalField) -> String? {
        if let bytes = node.stringBytes {
            guard bytes.contains(where: { !$0.isJSONWhitespace }) else { return nil }
            if field == .companyName, ReferenceText.matches(bytes) { return nil }
            if field == .avatarURL { return AvatarValue.text(bytes, base: avatarBase) }
            return String(decoding: bytes, as: UTF8.self)
        }
        if field == .avatarURL, let choice = AvatarValue.largest(in: node, base: avatarBase), let bytes = choice.url.stringBytes {
            return AvatarValue.text(bytes, base: avatarBase)
        }
        if field.acceptsNumber, let number = node.number { return number.text }
        return nil
    }

    /// A source as `--explain` shows it, with the nested object each `*` path was found in.
    private func describe(_ source: FieldSource, _ slots: Slots, _ record: JSONNode, _ field: CanonicalField) -> String {
        switch source {
        case .value(let path): describe(path, slots, record, field)
        case .joined(let parts): parts.map { describe($0, slots, record, field) }.joined(separator: " + ")
        case .primaryElement(let path, let key):
            // `[primary]` names the rule; a verified address chosen over the first says so.
            if let array = slotPaths.firstIndex(of: path).flatMap({ slots.node($0) }), array.kind == .array,
               Self.primaryChoice(of: array, id: Self.primaryIDKeys(for: path).lazy.compactMap { record.field(bytes: Array($0.utf8)) }.first)?.verified == true {
                "\(path)[verified].\(key)"
            } else {
                source.description
            }
        case .identifier(let path), .emailAddress(let path): describe(path, slots, record, field)
        }
    }

    /// A path as the record spells it (`Id` where the mapping says `id`, see ``withOtherSpellings``),
    /// with the nested object each `*` path was found in.
    private func describe(_ path: FieldPath, _ slots: Slots, _ record: JSONNode, _ field: CanonicalField) -> String {
        let slot = slotPaths.firstIndex(of: path)!
        var node: JSONNode? = record
        var keys: [String] = []
        var rest = path.keys[...]
        if path.isWildcard {
            var container = "*"
            node = nil
            record.forEachField { key, value in
                if slots.value(slot) >= 0, value.index == slots.containers[slot] { container = String(decoding: key, as: UTF8.self); node = value }
            }
            keys.append(container)
            rest = rest.dropFirst()
        } else if slots.value(slot) >= 0, slots.containers[slot] >= 0, let origin = attributeOrigin(of: slots.containers[slot], in: record) {
            // Read from a container (see ``collectAttributes(_:into:depth:)``).
            switch origin {
            case .entry(let description):
                return description + Self.unwrapping(slots.node(slot), for: field)
            case .object(let key, let object):
                keys.append(key)
                node = object
            }
        }
        for key in rest {
            let spelled: (key: String, value: JSONNode?) = node.map { Self.spelling(of: key, in: $0) } ?? (key, nil)
            keys.append(spelled.key)
            node = spelled.value
        }
        let described = path.isWildcard ? keys.joined(separator: ".") : FieldPath(keys: keys).description
        return described + Self.unwrapping(slots.node(slot), for: field)
    }

    /// Where a container's value came from: an object's field (`traits`), or a list entry
    /// (`Attributes[Name=email].Value`, `"identity-profiles"[].identities[type=EMAIL].value`).
    private enum AttributeOrigin {
        case object(key: String, JSONNode)
        case entry(String)
    }

    /// The container of the record that holds the node at `index` (an object, or an entry).
    private func attributeOrigin(of index: Int, in record: JSONNode) -> AttributeOrigin? {
        var found: AttributeOrigin?
        func search(_ list: JSONNode, prefix: String, depth: Int) {
            list.forEachElement { element in
                guard found == nil, element.kind == .object else { return }
                if element.index == index {
                    var nameKey = "", name = "", valueKey = ""
                    element.forEachField { key, field in
                        let key = String(decoding: key, as: UTF8.self)
                        if nameKey.isEmpty, let text = field.string, Self.attributeNameKeys.contains(Array(key.utf8)) { (nameKey, name) = (key, text) }
                        else if valueKey.isEmpty, Self.attributeValueKeys.contains(Array(key.utf8)) { valueKey = key }
                    }
                    found = .entry("\(prefix)[\(nameKey)=\(name)].\(FieldPath(keys: [valueKey]).description)")
                } else if depth < 1 {
                    element.forEachField { key, nested in
                        if found == nil, keys.find(key)?.isContainer == true, nested.kind == .array {
                            search(nested, prefix: prefix + "[]." + FieldPath(keys: [String(decoding: key, as: UTF8.self)]).description, depth: depth + 1)
                        }
                    }
                }
            }
        }
        record.forEachField { key, value in
            guard found == nil, keys.find(key)?.isContainer == true else { return }
            let name = String(decoding: key, as: UTF8.self)
            if value.index == index, value.kind == .object { found = .object(key: name, value) }
            else if value.kind == .array { search(value, prefix: FieldPath(keys: [name]).description, depth: 0) }
        }
        return found
    }

    /// What `--explain` adds to a path whose value was unwrapped (see ``unwrapped(_:for:)``):
    /// `.value`, or the list element's index (`[0]`).
    private static func unwrapping(_ node: JSONNode?, for field: CanonicalField) -> String {
        guard let node else { return "" }
        switch node.kind {
        case .object:
            guard wrappedValue(node) != nil else { return "" }
            return node.field("value") != nil ? ".value" : ".Value"
        case .array where field != .avatarURL:
            return firstValue(of: node).map { "[\($0.index)]" } ?? ""
        default:
            return ""
        }
    }

    /// The key as the object spells it: `key`, or the first of its other spellings (``KeySpellings``) there.
    private static func spelling(of key: String, in object: JSONNode) -> (key: String, value: JSONNode?) {
        for spelling in [key] + KeySpellings.of(key) {
            if let value = object.field(bytes: Array(spelling.utf8)) { return (spelling, value) }
        }
        return (key, nil)
    }

}

extension JSONNode {
    /// A string of nothing but white space: the Service would make it `nil`, so it is no value.
    var isBlankString: Bool { stringBytes.map { $0.allSatisfy(\.isJSONWhitespace) } ?? false }
}
