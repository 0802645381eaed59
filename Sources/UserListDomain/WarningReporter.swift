/// Receives warnings that do not stop the run (a skipped record, duplicate ids), as values.
public protocol WarningReporter: AnyObject {
    func warn(_ warning: Diagnostic)
}

/// Keeps warnings in memory: for tests, and for apps that show them in their own way.
public final class CollectedWarnings: WarningReporter {
    public private(set) var warnings: [Diagnostic] = []
    public init() {}
    public func warn(_ warning: Diagnostic) { warnings.append(warning) }
    /// Each warning's text.
    public var messages: [String] { warnings.map(\.text) }
}
