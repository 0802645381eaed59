import Testing
@testable import UserListRendering
import UserListViewModel

/// Groups the rendering tests so `swift test --filter Rendering` selects them all.
@Suite enum Rendering {}

/// Shared sample data for the rendering tests.
enum RenderingFixtures {
    static let leanne = UserCellViewModel(
        id: "1", title: "Leanne Graham", subtitle: "Sincere@april.biz", caption: "Romaguera-Crona",
        avatarURL: "https://i.pravatar.cc/150?u=1", initials: "LG")
    static let zhang = UserCellViewModel(
        id: "2", title: "张伟", subtitle: "zhang.wei@example.cn", caption: nil, avatarURL: nil, initials: "张伟")
    static let jose = UserCellViewModel(
        id: "3", title: "José Núñez", subtitle: "jose@example.es", caption: "Says \"hola\", often",
        avatarURL: nil, initials: "JN")
    static let party = UserCellViewModel(
        id: "10", title: "Party 🎉", subtitle: nil, caption: "🎉 fan", avatarURL: nil, initials: "P")

    /// Page 2 of 7 of 137 users, holding the four sample cells.
    static let loaded = ListState.loaded(UserListPage(
        totalItems: 137, page: 2, pageSize: 20, totalPages: 7, hasMore: true,
        items: [leanne, zhang, jose, party]))

    /// Nothing matched.
    static let empty = ListState.empty(UserListPage(
        totalItems: 0, page: 1, pageSize: 0, totalPages: 0, hasMore: false, items: []))

    /// `--page 9` of a 7-page result.
    static let pastEnd = ListState.loaded(UserListPage(
        totalItems: 137, page: 9, pageSize: 20, totalPages: 7, hasMore: false, items: []))

    /// A single cell, without paging.
    static func single(_ cell: UserCellViewModel) -> ListState {
        .loaded(UserListPage(totalItems: 1, page: 1, pageSize: 1, totalPages: 1, hasMore: false, items: [cell]))
    }

    /// Renders into memory and returns the text.
    static func render(_ renderer: some ListRenderer, _ state: ListState) throws -> String {
        let output = OutputWriter()
        try renderer.render(state, to: output)
        return output.text
    }
}
