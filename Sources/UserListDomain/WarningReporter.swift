/// Receives warnings that do not stop the run (a skipped record, duplicate ids).
public protocol WarningReporter: AnyObject {
    func warn(_ message: String)
}

/// Keeps warnings in memory: for tests, and for apps that show them in their own way.
public final class CollectedWarnings: WarningReporter {
    public private(set) var messages: [String] = []
    public init() {}
    public func warn(_ message: String) { messages.append(message) }
}
