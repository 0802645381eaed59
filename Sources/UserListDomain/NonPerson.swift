/// Records an API lists with its users that are not people — bots, groups, apps, service and
/// system accounts, organizations — as opposed to people's records that are left out for another reason (a
/// deleted account). The Gateway leaves both out and counts them by reason; `--include-non-people`
/// keeps the first kind, and a payload that holds nothing else is no list of users.
public enum NonPerson {
    /// The reasons a non-person record is counted under, as the load report names them.
    public static let reasons: Set<String> = ["bot", "group", "app", "service account", "system account", "organization"]

    /// How many of `excluded` (counts by reason) are not people.
    public static func count(in excluded: [String: Int]) -> Int {
        excluded.reduce(0) { $0 + (reasons.contains($1.key) ? $1.value : 0) }
    }

    /// What the warning about left-out records adds when some were not people: how to keep them.
    public static func hint(for excluded: [String: Int]) -> String? {
        let nonPeople = count(in: excluded)
        guard nonPeople > 0 else { return nil }
        let total = excluded.values.reduce(0, +)
        return nonPeople == total ? "--include-non-people keeps them" : (nonPeople == 1 ? "--include-non-people keeps the 1 that is not a person" : "--include-non-people keeps the \(nonPeople) that are not people")
    }
}
