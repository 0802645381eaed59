import UserListDomain
import UserListService
import UserListJQ
@_spi(Pipeline) import UserListViewModel

/// One side of `userlist diff` read as the list reads it: `--where` and `--search` keep the users
/// that are compared. A user left out still hides its later duplicates (dedupe comes first, as
/// in the list's pipeline); a `--where` error stops the run (exit 65) naming the user, as it does
/// the list's.
struct FilteredUserService: UserServiceProtocol {
    let base: any UserServiceProtocol
    let filter: JQUserFilter?
    let search: UserSearch?

    func loadUsers(_ consume: (User) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        try base.loadUsers { user throws(UserlistError) in
            if let search, !search.matches(user) { return }
            if let filter {
                // Stopped as the batches below stop (the user has no place here to name).
                do throws(JQError) {
                    guard try filter.includes(user) else { return }
                } catch {
                    throw UserlistError(.data, UserListViewModel.whereDiagnostic(place: nil, message: error.message, id: user.id))
                }
            }
            try consume(user)
        }
    }

    func loadUserBatches(annotate: @escaping @Sendable ([User]) -> [UserAnnotation?], _ consume: ([AnnotatedUser]) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        try base.loadUserBatches(annotate: { [filter, search] users in
            let verdicts = filter?.verdicts(for: users)
            var annotations = annotate(users)
            for index in users.indices {
                if let search, !search.matches(users[index]) {
                    annotations[index] = nil
                    continue
                }
                switch verdicts?[index] ?? .included {
                case .included: break
                case .excluded: annotations[index] = nil
                case .failed(let message): annotations[index]?.filter = .failed(message)
                }
            }
            return annotations
        }) { annotated throws(UserlistError) in
            for item in annotated {
                if case .failed(let message) = item.annotation.filter {
                    throw UserlistError(.data, UserListViewModel.whereDiagnostic(place: item.reference?.location, message: message, id: item.user.id))
                }
            }
            try consume(annotated)
        }
    }
}
