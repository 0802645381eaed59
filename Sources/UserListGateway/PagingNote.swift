import UserListDomain
@_spi(Pipeline) import UserListJSON
/// What a document says about the pages around it: that more follow though the input ends
/// here (a warning, for the shapes that know it, see ``PayloadShape/morePages(in:)``), and where
/// the next page is (``NextPageFinder``). The last document of an input decides.
struct PagingNote: Sendable, Equatable {
    var warning: String?
    var next: NextPage?

    /// Nil when the document says neither.
    init?(warning: String?, next: NextPage?) {
        guard warning != nil || next != nil else { return nil }
        self.warning = warning
        self.next = next
    }
}

extension PayloadShape {
    /// What `document`, whose users this shape found as `records`, says about its pages. Only an
    /// envelope has a next page (a line of an export never does: nothing is looked for there).
    func pagingNote(in document: JSONNode, records: UserRecords) -> PagingNote? {
        var next: NextPage?
        if case .array(let users, let path) = records, !path.isEmpty {
            let container = document.value(at: Array(path.dropLast()))
            let mapping = self.mapping
            next = NextPageFinder.find(in: document, container: container, users: users) { last in
                guard case .user(let user) = mapping.map(last, fields: FieldSet(.id)), !user.id.allSatisfy(\.isWhitespace) else { return nil }
                return user.id
            }
        }
        return PagingNote(warning: morePages(in: document), next: next)
    }
}
