import UserListDomain

/// Warnings printed while the progress line may be on the screen: each takes the line off
/// first, so a warning never lands glued to it (and nothing is erased when none was drawn).
final class ProgressWarnings: WarningReporter {
    private let inner: any WarningReporter
    private let display: ProgressDisplay

    init(_ inner: any WarningReporter, display: ProgressDisplay) {
        self.inner = inner
        self.display = display
    }

    func warn(_ warning: Diagnostic) {
        display.interject { inner.warn(warning) }
    }
}
