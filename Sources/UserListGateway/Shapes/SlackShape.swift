import UserListDomain
@_spi(Pipeline) import UserListJSON
/// Slack's `users.list`: `{"ok": true, "members": [...], "response_metadata": {"next_cursor"}}`.
/// `name` is the handle and `profile.real_name` the person's name (the top-level `real_name` can
/// lag behind it); the rest is under `profile`. Bots,
/// Slackbot and deleted accounts are members too: they are left out and counted.
struct SlackShape: PayloadShape {
    var name: String { "Slack users.list" }

    func userRecords(in document: JSONNode) -> UserRecords? {
        guard document.kind == .object, document.field("ok") != nil,
              let members = document.field("members"), members.kind == .array else { return nil }
        return .array(members, path: [.key("members")])
    }

    var mapping: any RecordMapping { Self.mapping }

    func morePages(in document: JSONNode) -> String? {
        guard let cursor = document.field("response_metadata")?.field("next_cursor")?.stringBytes, !cursor.isEmpty else { return nil }
        return "\"response_metadata.next_cursor\" says more members follow"
    }

    private static let mapping = UserMapping(
        [
            .id: ["id"],
            .name: ["profile.real_name", "real_name", "profile.display_name"],
            .username: ["name"],
            .email: ["profile.email"],
            .avatarURL: ["profile.image_192", "profile.image_512", "profile.image_72", "profile.image_original"],
            .bio: ["profile.title"],
            .phone: ["profile.phone"],
        ],
        excluding: [
            RecordExclusion(when: "is_bot", isTrue: "bot"),
            RecordExclusion(when: "id", is: "USLACKBOT", "bot"),
            RecordExclusion(when: "deleted", isTrue: "deleted account"),
        ])
}
