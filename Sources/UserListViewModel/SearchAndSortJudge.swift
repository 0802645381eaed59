@_spi(Pipeline) import UserListDomain
/// The search and the sort key, decided from a record's keys on the reading threads (see
/// ``RecordKeys``): what ``UserListViewModel/annotator(query:filter:encoder:)`` decides from a
/// user, for a run that keeps few of its users. The same search and the same sort values, so the
/// same answer; a test holds the two to that.
///
/// A class (immutable), so that the parser's `any RecordJudge` is a reference: the struct was
/// boxed, and every copy of the optional existential per record went through generic value
/// witnesses (~3 a record, 17M of W1's 577M instructions on 50k users).
package final class SearchAndSortJudge: RecordJudge {
    let search: UserSearch?
    /// nil when the run does not sort, or only counts; every key one of ``RecordKeys``'.
    let sort: UserSortOrder?
    /// `sort`'s fast-path key, decided once: asking the order for it per record copied the order
    /// (an array and a collator) through its value witnesses, +14% instructions on a page.
    let simpleKey: SortKey?

    /// `--count-by`: the value counted rides as the sort value (see ``CountByField/carried(_:)``).
    let countBy: CountByField?

    /// Whether a wanted record gets its row (a ``KeyedCell``): a run that prints every match, in
    /// columns its keys hold, encodes its rows from these and builds no whole user.
    package let makesCells: Bool
    /// Whether the row's columns read the cell beyond its id, and the user's fields they read.
    package let rowNeedsCell: Bool
    package let rowUserFields: FieldSet
    /// When the encoder writes rows of column values (``ColumnValuesWriter``): the columns, each
    /// a key of the cell or a field the keys hold, and the writer (see ``row(of:_:id:initials:caption:writer:scratch:)``).
    package let valueColumns: [OutputColumn.Source]?
    let rowWriter: (any ColumnValuesWriter)?
    /// Whether `valueColumns` print the initials or the caption, the two cell values that cost
    /// work to make: decided once, not asked of the columns for every record.
    let valuesReadInitials: Bool
    let valuesReadCaption: Bool
    /// A paged run's bound (see ``PageBound``): a match past it is judged without its sort value.
    package let bound: PageBound?
    /// `--count`: every match is only counted (``RecordJudgement/counted``), nothing made of it.
    package let countsOnly: Bool

    package let reads: FieldSet

    /// `rowUserFields` (the user's fields the rows print) and `rowNeedsCell` only matter with `makesCells`.
    package init(search: String?, locale: ICULocale? = nil, sort: UserSortOrder?, countBy: CountByField? = nil, makesCells: Bool = false, rowNeedsCell: Bool = true, rowUserFields: FieldSet = [], values: (columns: [OutputColumn.Source], writer: any ColumnValuesWriter)? = nil, bound: PageBound? = nil, countsOnly: Bool = false) {
        precondition(!countsOnly || (sort == nil && countBy == nil && !makesCells), "a count keeps nothing of its matches")
        self.bound = bound
        self.countsOnly = countsOnly
        precondition(FieldSet.keyed.isSuperset(of: rowUserFields), "the keys path prints the fields records' keys hold")
        precondition(values.map { makesCells && $0.columns.allSatisfy(\.isKeyed) } ?? true, "column values are the cell's or fields the keys hold")
        valueColumns = values?.columns
        rowWriter = values?.writer
        valuesReadInitials = values?.columns.contains(.cell(.initials)) ?? false
        valuesReadCaption = values?.columns.contains(.cell(.caption)) ?? false
        self.rowNeedsCell = rowNeedsCell
        self.rowUserFields = rowUserFields
        precondition(sort?.readableFromKeys ?? true, "the keys path sorts by the keys records hold")
        precondition(countBy?.readableFromKeys ?? true, "the keys path counts by the keys records hold")
        self.countBy = countBy
        self.search = search.map { UserSearch($0, locale: locale) }
        self.sort = sort
        simpleKey = sort?.simpleKey
        self.makesCells = makesCells
        var reads: FieldSet = search == nil ? [] : [.init(.name), .init(.username), .init(.email)]
        if let sort { reads.formUnion(sort.fields.subtracting(FieldSet(.id))) }
        if let countBy { reads.formUnion(countBy.fields.subtracting(FieldSet(.id))) }
        if makesCells { reads.formUnion(rowNeedsCell ? FieldSet.cell.union(rowUserFields) : rowUserFields) }
        self.reads = reads
    }

    package func judge(_ keys: RecordKeys, id: String, scratch: inout JudgeScratch) -> RecordJudgement {
        if let search, !search.matches(keys, scratch: &scratch.bytes) { return .dropped }
        if countsOnly { return .counted }
        if let countBy {
            return .wanted(CountByField.carried(countBy.value(countBy.field == .id ? id : keys.text(of: countBy.field))), cell: nil)
        }
        let sortValue: SortValue?
        if let key = simpleKey {
            // A text key past the full page's bound: counted, never kept (see ``PageBound``).
            if let bound, key != .id, let bytes = keys.bytes(of: key.canonicalField), Self.isPast(bound, bytes, scratch: &scratch.bytes) {
                return .counted
            }
            sortValue = key.sortValue(of: keys, id: id)  // the fast path's key, as before
        } else if let sort {
            // Several keys (or :natural, --collate): one composite key (see ``compositeKey``).
            guard let key = compositeKey(sort, keys, id: id, scratch: &scratch) else { return .counted }
            sortValue = .bytes(key)
        } else {
            sortValue = nil
        }
        guard makesCells else { return .wanted(sortValue, cell: nil) }
        if let valueColumns, let rowWriter {
            return .written(sortValue, row: Self.row(of: valueColumns, keys, id: id, initials: valuesReadInitials, caption: valuesReadCaption, writer: rowWriter, scratch: &scratch))
        }
        let user = rowUserFields.isEmpty ? nil : keys.user(id: id, fields: rowUserFields)
        return .wanted(sortValue, cell: rowNeedsCell ? UserCellViewModel.keyedCell(of: keys, id: id, user: user) : KeyedCell(id: id, title: "", subtitle: nil, caption: nil, avatarURL: nil, initials: "", user: user))
    }
}

extension SearchAndSortJudge {
    /// The row of a record decided from its keys, written by `writer` into the thread's slab:
    /// its columns' values, each the id, a field the keys hold, or the cell's value as
    /// ``UserCellViewModel/init(user:)`` makes it, straight from the keys' bytes. Making the cell's
    /// five strings and encoding the row from them took ~5,400 instructions a row (W3 on 50k
    /// users: 127M to make the cells, 146M to encode them, of 1,189M).
    /// `initials`, `caption`: whether the columns print them (only then are they made).
    static func row(of columns: [OutputColumn.Source], _ keys: RecordKeys, id: String, initials readsInitials: Bool, caption readsCaption: Bool, writer: any ColumnValuesWriter, scratch: inout JudgeScratch) -> EncodedRow {
        var idText = id
        return idText.withUTF8 { idBytes in
            let title = keys.name ?? keys.username ?? keys.email ?? idBytes
            var initials = readsInitials ? UserCellViewModel.initials(ofTitle: title) : ""
            // The bio's first non-empty line is a part of it (an ASCII bio), or made as text.
            let captionLine = readsCaption ? keys.bio.map(UserCellViewModel.firstNonEmptyLine(ofUTF8:)) ?? .none : .none
            var captionText: String? = if case .text(let text) = captionLine { text } else { nil }
            return initials.withUTF8 { initialsBytes in
                withOptionalUTF8(&captionText) { captionTextBytes in
                    let caption: UnsafeBufferPointer<UInt8>? = switch captionLine {
                    case .part(let part): part
                    case .text: captionTextBytes
                    case .none: keys.companyName
                    }
                    return withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>?.self, capacity: columns.count) { values in
                        for (index, column) in columns.enumerated() {
                            values[index] = switch column {
                            case .cell(.id), .user(.id): idBytes
                            case .cell(.title): title
                            case .cell(.subtitle): keys.email
                            case .cell(.caption): caption
                            case .cell(.avatarURL): keys.avatarURL
                            case .cell(.initials): initialsBytes
                            case .user(let field): keys.bytes(of: field)
                            }
                        }
                        let written = UnsafeBufferPointer(values)
                        return scratch.appendRow(maximumCount: writer.maximumSize(of: written)) { writer.write(written, to: $0) }
                    }
                }
            }
        }
    }

    /// The composite key of `sort`, or nil when the page's bound leaves the record out.
    ///
    /// Its first key's term (the head) is held to the bound first: the head begins the whole
    /// key, and zero-padded it is at most the whole key, so a head past the bound puts the
    /// record past it, without the other keys made (folded, collated) at all. A text's head comes
    /// from the thread's ``SortHeadMemo`` (ten users a city: one ICU key made, nine looked up).
    @inline(__always)
    func compositeKey(_ sort: UserSortOrder, _ keys: RecordKeys, id: String, scratch: inout JudgeScratch) -> [UInt8]? {
        let first = sort.terms[0]
        func rest(after head: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            if let bound, bound.excludes(folded: head) { return nil }
            var key = Array(head)
            guard sort.terms.count > 1 else { return key }
            for term in sort.terms.dropFirst() {
                CompositeSortKey.append(term.field == .id ? id : keys.text(of: term.field), term: term, collator: sort.collator, to: &key)
            }
            if let bound, key.withUnsafeBufferPointer({ bound.excludes(folded: $0) }) { return nil }
            return key
        }
        // An id's head (ids are unique) and a missing value's (one byte) are made each time.
        guard first.field != .id, let text = keys.bytes(of: first.field) else {
            var head: [UInt8] = []
            CompositeSortKey.append(first.field == .id ? id : nil, term: first, collator: sort.collator, to: &head)
            return head.withUnsafeBufferPointer { rest(after: $0) }
        }
        let memo: SortHeadMemo
        if let kept = scratch.memo as? SortHeadMemo {
            memo = kept
        } else {
            memo = SortHeadMemo()
            scratch.memo = memo
        }
        return memo.withHead(of: text, make: { text in
            var head: [UInt8] = []
            CompositeSortKey.append(String(decoding: text, as: UTF8.self), term: first, collator: sort.collator, to: &head)
            return head
        }, rest(after:))
    }

    /// Whether the folded form of `text` is past `bound` (false when folding needs Foundation).
    /// The bound holds a key's first 8 folded bytes, so only those are folded (a name a match).
    static func isPast(_ bound: PageBound, _ text: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> Bool {
        let room = text.count * FoldingTable.maxGrowth
        if scratch.count < room { scratch = [UInt8](repeating: 0, count: max(room, 2 * scratch.count, 256)) }
        let written = scratch.withUnsafeMutableBufferPointer { TextFolding.foldUTF8(text, into: $0.baseAddress!, prefix: PageBound.prefixLength) }
        guard written >= 0 else { return false }
        return scratch.withUnsafeBufferPointer { bound.excludes(folded: UnsafeBufferPointer(rebasing: $0[..<written])) }
    }
}

/// `body` given the UTF-8 of `text`, or nil.
private func withOptionalUTF8<R>(_ text: inout String?, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
    guard var string = text else { return body(nil) }
    return string.withUTF8 { body($0) }
}

extension OutputColumn.Source {
    /// Whether a record decided from its keys holds the column's value: the cell's keys, the id,
    /// and the fields ``RecordKeys`` hold.
    var isKeyed: Bool {
        switch self {
        case .cell: true
        case .user(let field): field == .id || FieldSet.keyed.contains(field)
        }
    }
}

extension UserCellViewModel {
    /// What ``firstNonEmptyLine(ofUTF8:)`` found.
    enum FirstLine {
        /// No line holds more than white space.
        case none
        /// The line, a part of the text.
        case part(UnsafeBufferPointer<UInt8>)
        /// The line, made by ``firstNonEmptyLine(of:)`` (a text not all ASCII).
        case text(String)
    }

    /// ``firstNonEmptyLine(of:)`` of UTF-8 text. An ASCII text is cut by bytes: its newlines
    /// (Character's `isNewline`) are LF, VT, FF and CR, and its white space those and space and
    /// tab. Other text goes through Characters, where a space and the mark after it are one.
    static func firstNonEmptyLine(ofUTF8 text: UnsafeBufferPointer<UInt8>) -> FirstLine {
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, !(0x0A...0x0D).contains(text[end]) {
                if text[end] >= 0x80 { return firstNonEmptyLine(of: String(decoding: text, as: UTF8.self)).map(FirstLine.text) ?? .none }
                end += 1
            }
            var from = start, to = end
            while from < to, text[from] == 0x20 || text[from] == 0x09 { from += 1 }
            while to > from, text[to - 1] == 0x20 || text[to - 1] == 0x09 { to -= 1 }
            // The line and every one before it were ASCII: what follows can't change them, as
            // a Character never reaches back over a newline (a mark after LF is one on its own).
            if from < to { return .part(UnsafeBufferPointer(rebasing: text[from..<to])) }
            start = end + 1
        }
        return .none
    }

    /// ``initials(of:)`` of a title's UTF-8.
    static func initials(ofTitle title: UnsafeBufferPointer<UInt8>) -> String {
        asciiInitials(title) ?? TitleWords(title)?.initials() ?? characterInitials(of: String(decoding: title, as: UTF8.self))
    }

    /// ``init(user:)``'s cell of a record decided from its keys (each already as the Service
    /// leaves it: trimmed, non-empty), the same strings by the same rules.
    static func keyedCell(of keys: RecordKeys, id: String, user: User? = nil) -> KeyedCell {
        let titleBytes = keys.name ?? keys.username ?? keys.email
        let title = titleBytes.map { String(decoding: $0, as: UTF8.self) } ?? id
        let initials = titleBytes.flatMap { asciiInitials($0) ?? TitleWords($0)?.initials() } ?? initials(of: title)
        let bio = keys.bio.map { String(decoding: $0, as: UTF8.self) }
        return KeyedCell(
            id: id,
            title: title,
            subtitle: keys.email.map { String(decoding: $0, as: UTF8.self) },
            caption: firstNonEmptyLine(of: bio) ?? keys.companyName.map { String(decoding: $0, as: UTF8.self) },
            avatarURL: keys.avatarURL.map { String(decoding: $0, as: UTF8.self) },
            initials: initials,
            user: user
        )
    }

    /// The cell a ``KeyedCell`` holds.
    init(_ keyed: KeyedCell) {
        self.init(id: keyed.id, title: keyed.title, subtitle: keyed.subtitle, caption: keyed.caption, avatarURL: keyed.avatarURL, initials: keyed.initials)
    }
}

extension UserSearch {
    /// ``matches(_:scratch:)`` over a record's keys. The ASCII fields first (which field matches
    /// doesn't change the answer): a username or email that matches spares folding a name in
    /// another script (W1 on 50k users, one thread: see the commit that made this).
    func matches(_ keys: RecordKeys, scratch: inout [UInt8]) -> Bool {
        contains(keys.username, &scratch) || contains(keys.email, &scratch) || contains(keys.name, &scratch)
    }

    private func contains(_ field: UnsafeBufferPointer<UInt8>?, _ scratch: inout [UInt8]) -> Bool {
        guard let field else { return false }
        return containsFolded(field, scratch: &scratch)
    }
}

extension SortKey {
    /// ``sortValue(of:)`` from a record's keys.
    func sortValue(of keys: RecordKeys, id: String) -> SortValue? {
        let bytes: UnsafeBufferPointer<UInt8>?
        switch self {
        case .id: return SortValue(id, key: self)
        case .name: bytes = keys.name
        case .email: bytes = keys.email
        case .username: bytes = keys.username
        case .city: bytes = keys.city
        case .company: bytes = keys.companyName
        }
        return bytes.map { SortValue(String(decoding: $0, as: UTF8.self), key: self) }
    }
}

extension RecordKeys {
    /// The bytes of one of the fields the keys hold (nil for the others, which they never hold).
    func bytes(of field: CanonicalField) -> UnsafeBufferPointer<UInt8>? {
        switch field {
        case .name: name
        case .email: email
        case .username: username
        case .city: city
        case .companyName: companyName
        case .bio: bio
        case .avatarURL: avatarURL
        default: nil
        }
    }

    /// The user of a record decided from its keys, with only `fields` (of ``FieldSet/keyed``):
    /// what the rows' user columns print, each as the Service leaves it already.
    func user(id: String, fields: FieldSet) -> User {
        func text(_ field: CanonicalField, _ bytes: UnsafeBufferPointer<UInt8>?) -> String? {
            guard fields.contains(field), let bytes else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let city = text(.city, self.city)
        let companyName = text(.companyName, self.companyName)
        return User(
            id: id, name: text(.name, name), username: text(.username, username), email: text(.email, email),
            avatarURL: text(.avatarURL, avatarURL), bio: text(.bio, bio),
            address: city.map { Address(city: $0) }, company: companyName.map { Company(name: $0) })
    }

    /// The text of one of the fields the keys hold (nil for the others, which they never hold).
    func text(of field: CanonicalField) -> String? {
        bytes(of: field).map { String(decoding: $0, as: UTF8.self) }
    }
}
