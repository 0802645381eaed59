@_spi(Pipeline) import UserListDomain
/// The columns a row-per-user format prints, in order (`--fields`); by default the cell's six keys.
public struct OutputColumns: Hashable, Sendable {
    public let columns: [OutputColumn]
    /// Whether these are the cell's six keys in order (the renderers' fast path), decided once:
    /// comparing the columns for every row cost 3-6% of a million-row export.
    public let areCells: Bool

    /// Whether every column is one of the cell's: its rows need no user (the default columns,
    /// `--fields id,title`), so a record decided from its keys is encoded from its cell.
    public let readsOnlyCells: Bool

    /// The user's fields the columns read, when every one is a field records' keys hold (name,
    /// username, email, avatar, bio, city, company name: ``FieldSet/keyed``); nil otherwise. A
    /// record decided from its keys is then encoded from them (`--fields id,name,email,company.name`
    /// over a million users: no user of ~17 strings built, normalised and annotated for each).
    public let keyedUserFields: FieldSet?

    /// The cell's keys, the contract's default.
    public static let cells = OutputColumns(uncheckedColumns: CellKey.allCases.map { OutputColumn(name: $0.rawValue)! })

    /// Whether a column reads the cell beyond its id (title, subtitle, caption, avatar,
    /// initials): otherwise rows need no cell, and users only the fields the columns name.
    public let needsCell: Bool

    private init(uncheckedColumns columns: [OutputColumn]) {
        self.columns = columns
        areCells = columns.map(\.name) == CellKey.allCases.map(\.rawValue)
        readsOnlyCells = columns.allSatisfy { column in
            if case .cell = column.source { true } else { false }
        }
        needsCell = columns.contains { column in
            if case .cell(let key) = column.source { key != .id } else { false }
        }
        var fields = FieldSet()
        for column in columns { if case .user(let field) = column.source { fields.insert(FieldSet(field)) } }
        keyedUserFields = FieldSet.keyed.isSuperset(of: fields) ? fields : nil
    }

    /// Parses `--fields`: names separated by commas (spaces around them ignored), or a nested
    /// object's name for all of its fields in the canonical order (`address`, `address.geo`,
    /// `company`, as `userlist diff --fields` takes them; a field named again with its group comes
    /// once, where it came first). An
    /// unknown or repeated name, or an empty list, is a usage error naming it.
    public init(parsing list: String) throws(UserlistError) {
        var columns: [OutputColumn] = []
        var grouped = Set<String>()
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part.trimmingWhitespace())
            guard !name.isEmpty else { throw UserlistError(.usage, Diagnostic(.usage, option: "--fields", "an empty name in '\(list)'")) }
            if OutputColumn(name: name) == nil, let group = CanonicalGroup(path: name) {
                for field in group.fields {
                    grouped.insert(field.rawValue)
                    if !columns.contains(where: { $0.name == field.rawValue }) { columns.append(OutputColumn(name: field.rawValue)!) }
                }
                continue
            }
            if grouped.contains(name) { continue }  // a group named it before
            guard let column = OutputColumn(name: name) else {
                let hint = ClosestName.hint(for: name, in: Self.takenNames)
                throw UserlistError(.usage, Diagnostic(.usage, option: "--fields", "unknown field '\(name)'" + (hint.isEmpty ? " (expected \(Self.known))" : hint)))
            }
            guard !columns.contains(where: { $0.name == name }) else { throw UserlistError(.usage, Diagnostic(.usage, option: "--fields", "'\(name)' is named twice")) }
            columns.append(column)
        }
        self.init(uncheckedColumns: columns)
    }

    /// The canonical fields the columns read, for the Gateway's projection.
    public var userFields: FieldSet {
        var fields = FieldSet()
        for column in columns { if case .user(let field) = column.source { fields.insert(FieldSet(field)) } }
        return fields
    }

    /// Every column `--fields` names: a row's keys, a header's names.
    public static let knownNames = CellKey.allCases.map(\.rawValue) + CanonicalField.allCases.map(\.rawValue).filter { CellKey(rawValue: $0) == nil }

    /// What `--fields` takes (shell completions, messages): the columns, then the groups.
    public static let takenNames = knownNames + CanonicalGroup.nested.map(\.path)

    static let known = takenNames.joined(separator: ", ")
}
