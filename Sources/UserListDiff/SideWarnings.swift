import UserListDomain

/// Passes a side's warnings on with the side named (`old: dropped 1 record with a duplicate id…`),
/// since both sides' counts would otherwise read alike.
final class SideWarnings: WarningReporter {
    private let side: String
    private let reporter: any WarningReporter

    init(_ side: String, _ reporter: any WarningReporter) {
        self.side = side
        self.reporter = reporter
    }

    func warn(_ warning: Diagnostic) {
        var warning = warning
        warning.scope = side
        reporter.warn(warning)
    }
}
