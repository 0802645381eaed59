/// What a page says about its run besides the users: where they came from and when.
///
/// The html header shows both; `SOURCE_DATE_EPOCH` (the reproducible-builds variable) fixes the
/// time, so a page can be compared byte for byte (the command line reads it; renderers never read
/// the environment).
public struct PageDocument: Sendable, Hashable {
    /// The inputs, as the header names them: `users.json`, `a.ndjson and b.ndjson`,
    /// `exports/1.ndjson and 41 more`; `standard input` for none or `-`.
    public var source: String
    /// When the run happened, in seconds since 1970-01-01 UTC.
    public var generatedAt: Int64

    public init(inputs: [String], generatedAt: Int64) {
        let names = inputs.isEmpty ? ["standard input"] : inputs.map { $0 == "-" ? "standard input" : $0 }
        switch names.count {
        case 1: source = names[0]
        case 2: source = "\(names[0]) and \(names[1])"
        default: source = "\(names[0]) and \(names.count - 1) more"
        }
        self.generatedAt = generatedAt
    }

    /// `2026-11-25T23:36:05Z`, for `<time datetime>`.
    var isoTime: String {
        let (date, hour, minute, second) = Self.civil(generatedAt)
        return "\(date)T\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))Z"
    }

    /// `2026-11-25 23:36 UTC`, as a person reads it.
    var readableTime: String {
        let (date, hour, minute, _) = Self.civil(generatedAt)
        return "\(date) \(Self.two(hour)):\(Self.two(minute)) UTC"
    }

    /// The UTC calendar date (`YYYY-MM-DD`) and time of day of `seconds` since the epoch
    /// (Howard Hinnant's days-from-civil, inverted; proleptic Gregorian).
    static func civil(_ seconds: Int64) -> (date: String, hour: Int, minute: Int, second: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = Int(seconds - days * 86_400)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let yearText = year >= 0 && year < 10_000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return ("\(yearText)-\(two(Int(month)))-\(two(Int(day)))", inDay / 3600, inDay / 60 % 60, inDay % 60)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
