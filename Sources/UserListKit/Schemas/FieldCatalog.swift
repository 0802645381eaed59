import UserListDomain
import UserListViewModel

/// `userlist fields`: every name `--fields` (and `diff --fields`, `--where`'s canonical user)
/// knows — the cell's keys, then the canonical user's fields — with its JSON type and what it
/// holds, from the one table of each (``CellKey``, ``CanonicalField``).
public enum FieldCatalog {
    public struct Field: Sendable {
        public var name: String
        /// `cell` (the list row's view model) or `user` (the canonical user).
        public var kind: String
        /// `string`, or `string|null`.
        public var type: String
        public var description: String
    }

    public static var all: [Field] {
        CellKey.allCases.map { Field(name: $0.rawValue, kind: "cell", type: $0.isNullable ? "string|null" : "string", description: $0.summary) }
            + CanonicalField.allCases.filter { CellKey(rawValue: $0.rawValue) == nil }.map {
                Field(name: $0.name, kind: "user", type: $0.typeName, description: $0.summary)
            }
    }
}
