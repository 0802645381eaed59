@_spi(Pipeline) import UserListDomain
/// One display-ready row: every string is already chosen and formatted, so a view only lays it out.
///
/// Built from a ``User`` by the contract's rules: `title` falls back from name to username, email,
/// then id; `caption` is the bio's first non-empty line, else the company name; `initials` are the
/// first letters of the title's first and last words, uppercased.
public struct UserCellViewModel: Hashable, Sendable, Codable {
    public var id: String
    public var title: String
    public var subtitle: String?
    public var caption: String?
    public var avatarURL: String?
    public var initials: String

    public init(id: String, title: String, subtitle: String?, caption: String?, avatarURL: String?, initials: String) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.caption = caption
        self.avatarURL = avatarURL
        self.initials = initials
    }

    public init(user: User) {
        let title = user.name ?? user.username ?? user.email ?? user.id
        self.init(
            id: user.id,
            title: title,
            subtitle: user.email,
            caption: Self.firstNonEmptyLine(of: user.bio) ?? user.company?.name,
            avatarURL: user.avatarURL,
            initials: Self.initials(of: title)
        )
    }

    static func firstNonEmptyLine(of text: String?) -> String? {
        guard let text else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace()
            if !trimmed.isEmpty { return String(trimmed) }
        }
        return nil
    }

    /// The first letters of the first and last words, uppercased. Words that don't start with a
    /// letter or digit (`(she/her)`, `🎉`, `-`) are passed over: "Jill Chill (she/her)" is `JC`, not `J(`.
    static func initials(of title: String) -> String {
        let all = title.split(whereSeparator: \.isWhitespace)
        let lettered = all.filter { $0.first.map { $0.isLetter || $0.isNumber } ?? false }
        let words = lettered.isEmpty ? all : lettered
        guard let first = words.first?.first else { return "" }
        var result = String(first).uppercased()
        if words.count > 1, let last = words.last?.first {
            result += String(last).uppercased()
        }
        return result
    }
}
