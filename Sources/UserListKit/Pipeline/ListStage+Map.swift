import UserListGateway
import UserListDomain
@_spi(Pipeline) import UserListDomain

extension ListStage {
    /// How records become users: where they are, what the mappings are asked for, which fields are built.
    package struct Map {
        /// `--users-at`: where the users are, replacing detection.
        package var usersAt: UsersAtPath?
        /// `--include-non-people`, `--base-url`.
        package var options: MappingOptions
        /// The fields built of each user: the cells, the sort key and what `--where` sees.
        package var fields: FieldSet
        /// Decides records from their keys on the reading threads (search, sort key, cells), the
        /// user built only for a match that is kept; nil builds every user.
        package var judge: (any RecordJudge)?

        package var keyed: Bool { judge != nil }
    }
}
