@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
import UserListJQ
/// The `json` envelope and the cells as jq values, for `--jq-out`, with the same keys in the same
/// order as the JSON renderers write them.
extension ListState {
    func jqValue() -> JQValue {
        var object = JQValue.object()
        object.set("state", .string(name))
        guard let page else { return object }
        object.set("totalItems", .number(Double(page.totalItems)))
        object.set("page", .number(Double(page.page)))
        object.set("pageSize", .number(Double(page.pageSize)))
        object.set("totalPages", .number(Double(page.totalPages)))
        object.set("hasMore", .bool(page.hasMore))
        var items = JQValue.array()
        for cell in page.items { items.append(cell.jqValue()) }
        object.set("items", items)
        return object
    }
}

extension UserCellViewModel {
    func jqValue() -> JQValue {
        var object = JQValue.object()
        object.set("id", .string(id))
        object.set("title", .string(title))
        object.set("subtitle", .string(subtitle))
        object.set("caption", .string(caption))
        object.set("avatarURL", .string(avatarURL))
        object.set("initials", .string(initials))
        return object
    }
}
