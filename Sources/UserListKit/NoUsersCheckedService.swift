import UserListDomain
import UserListGateway
import UserListService

/// One side of `userlist diff`, checked as the list checks a load (``NonPeopleCheck``): a side
/// whose records all were skipped or not people is exit 65, not "every user was removed".
struct NoUsersCheckedService: UserServiceProtocol {
    let base: any UserServiceProtocol
    let inputs: [InputSource]

    func loadUsers(_ consume: (User) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        try checked(base.loadUsers(consume))
    }

    func loadUserBatches(annotate: @escaping @Sendable ([User]) -> [UserAnnotation?], _ consume: ([AnnotatedUser]) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        try checked(base.loadUserBatches(annotate: annotate, consume))
    }

    private func checked(_ report: LoadReport) throws(UserlistError) -> LoadReport {
        if let error = NonPeopleCheck.error(for: report, inputs: inputs) { throw error }
        return report
    }
}
