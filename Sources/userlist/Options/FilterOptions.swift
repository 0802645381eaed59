import ArgumentParser
import UserListKit

/// Which users, in which order, which page.
struct FilterOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Keep users whose name, email or username contains TEXT (ignoring case and accents).", valueName: "text"))
    var search: String?

    @Option(name: .customLong("where"), parsing: .unconditional, help: ArgumentHelp("Keep users for which the jq expression's first output is true (on the canonical user JSON).", valueName: "jq"))
    var whereExpression: String?

    @Option(help: ArgumentHelp("Sort by one or more comma-separated keys: id, name, email, username, city, company or any canonical field (address.zipcode); add :desc to reverse a key, :natural to compare numbers in it by value.", valueName: "key[:asc|:desc][:natural],..."), completion: .list(SortTerm.names.flatMap { [$0.name, "\($0.name):desc"] }))
    var sort: String?

    @Option(help: ArgumentHelp("Sort text keys by this locale's collation (ICU; a BCP-47 tag such as sv, de-DE, tr) instead of the folded code-point order.", valueName: "locale"))
    var collate: String?

    @Option(help: ArgumentHelp("Match --search with this locale's case rules (tr: I is the capital of ı, İ of i).", valueName: "locale"))
    var searchLocale: String?

    // `.unconditional`: `--page -1` is a value to refuse with what is allowed, not a missing one.
    @Option(parsing: .unconditional, help: ArgumentHelp("Show page N (1-based) of the result.", valueName: "n"))
    var page: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Users per page (alone, it implies --page 1).", valueName: "n"))
    var pageSize: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Print at most N users (the first N in order; 0: all, also on a terminal, where tables otherwise show the first page).", valueName: "n"))
    var limit: Int?

    @Flag(help: "Print only the number of users that match.")
    var count = false

    @Option(help: ArgumentHelp("Print each value of a field with how many users have it, most first: company, city, email-domain, any canonical field, or a jq path to one (.address.zipcode).", valueName: "field"), completion: .list(CountByField.names))
    var countBy: String?

    func validate() throws {
        if let page, page < 1 { throw ValidationError("--page counts from 1 (the first page), got \(page)") }
        if let pageSize, pageSize < 1 {
            throw ValidationError("--page-size must be 1 or more, got \(pageSize) (every user on one page: leave out --page and --page-size, or --limit 0 on a terminal)")
        }
        if let limit {
            if limit < 0 { throw ValidationError("--limit must be 0 (every user) or more, got \(limit)") }
            if page != nil || pageSize != nil { throw ValidationError("--limit and --page/--page-size both choose the rows: use one") }
        }
        if let sort {
            do throws(SortParseError) { _ = try UserSortOrder(parsing: sort) } catch { throw ValidationError("--sort: \(error)") }
        }
        if let countBy {
            do throws(SortParseError) { _ = try CountByField(parsing: countBy) } catch { throw ValidationError("--count-by: \(error)") }
            for (given, option) in [(sort != nil, "--sort"), (page != nil, "--page"), (pageSize != nil, "--page-size"), (limit != nil, "--limit"), (count, "--count")] where given {
                throw ValidationError("--count-by prints one row per value, most users first: it can't be used with \(option)")
            }
        }
        if let collate {
            guard sort != nil else { throw ValidationError("--collate orders the text keys of --sort: give --sort too") }
            _ = try Self.locale(collate, option: "--collate")
        }
        if let searchLocale {
            guard search != nil else { throw ValidationError("--search-locale sets how --search matches: give --search too") }
            _ = try Self.locale(searchLocale, option: "--search-locale")
        }
    }

    /// The query; `firstPageOnly`: a terminal's table, where an unpaged list shows its first page.
    func query(firstPageOnly: Bool) -> UserListQuery {
        var query = UserListQuery(
            search: search,
            sort: sort.flatMap { try? UserSortOrder(parsing: $0, collator: collate.flatMap { try? ICUCollator(ICULocale($0)) }) },
            page: page ?? (pageSize == nil ? nil : 1),
            pageSize: pageSize ?? UserListQuery.defaultPageSize)
        query.searchLocale = searchLocale.flatMap { try? ICULocale($0) }
        if let limit, limit > 0 {
            query.page = 1
            query.pageSize = limit
        } else if firstPageOnly, limit == nil, query.page == nil {
            query.page = 1
        }
        return query
    }

    /// A locale ICU has a collation for, or a usage error naming the option.
    static func locale(_ tag: String, option: String) throws -> ICULocale {
        do throws(ICULocale.Failure) {
            return try ICULocale(tag)
        } catch .malformed {
            throw ValidationError("\(option): '\(tag)' is not a BCP-47 locale tag (such as sv, de-DE, zh-Hant-TW)")
        } catch {
            throw ValidationError("\(option): no collation for the locale '\(tag)' among ICU's installed locales")
        }
    }

    /// Whether a terminal's table shows only its first page (nothing chose the rows).
    var choosesRows: Bool { page != nil || pageSize != nil || limit != nil }
}
