import ArgumentParser
import UserListKit

/// How a payload's records become users beyond detection: the list, every stage and both sides
/// of a diff read them alike, so the stages of a job answer as one run and a diff compares what
/// the list shows.
struct PayloadOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Resolve the payload's relative URLs (avatars such as /user_avatar/…, next pages) against this absolute http(s) URL; without it a relative avatar is dropped.", valueName: "url"))
    var baseURL: String?

    @Flag(help: "Keep the records an API marks as bots, groups, apps, service or system accounts, organizations (left out and counted by default).")
    var includeNonPeople = false

    func validate() throws {
        if let baseURL, BaseURL(baseURL) == nil {
            throw ValidationError("--base-url: '\(baseURL)' is not an absolute http or https URL (https://forum.example.org)")
        }
    }

    /// `--base-url`, parsed (``validate()`` has refused one that does not parse).
    var base: BaseURL? { baseURL.flatMap(BaseURL.init) }
}
