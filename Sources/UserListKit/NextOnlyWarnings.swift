import UserListDomain

/// `--next` in a paging loop: every warning but the notes that more pages follow (that is what
/// the loop is doing about it).
final class NextOnlyWarnings: WarningReporter {
    private let base: any WarningReporter

    init(_ base: any WarningReporter) {
        self.base = base
    }

    func warn(_ warning: Diagnostic) {
        if case .note = warning.problem { return }
        base.warn(warning)
    }
}
