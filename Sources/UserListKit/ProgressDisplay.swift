@_spi(Pipeline) import UserListDomain
import Foundation

/// Progress on a terminal's standard error while a long run reads: bytes and records read, the
/// rate, and the percentage when the inputs' size is known. Nothing in the first second (short
/// runs stay quiet), then a line redrawn in place four times a second, erased at the end.
final class ProgressDisplay: @unchecked Sendable {
    /// Erases the line the cursor is on: what each redraw (and a warning printed meanwhile) starts with.
    static let eraseLine = "\r\u{1B}[K"

    private let progress: ReadProgress
    private let write: @Sendable (String) -> Void
    private let condition = NSCondition()
    private var stopped = false
    private var shown = false
    private let started = Date()
    /// Quiet this long (short runs print nothing), then redrawn at this interval.
    private let delay: TimeInterval
    private let interval: TimeInterval

    init(progress: ReadProgress, delay: TimeInterval = 1, interval: TimeInterval = 0.25, write: @escaping @Sendable (String) -> Void) {
        self.progress = progress
        self.delay = delay
        self.interval = interval
        self.write = write
        let thread = Thread { [self] in loop() }
        thread.start()
    }

    /// Whether the line was ever shown: the run was long enough for a summary line at its end.
    var wasShown: Bool {
        condition.lock()
        defer { condition.unlock() }
        return shown
    }

    /// Stops redrawing and erases the line; returns once the display thread has written its last.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        let erase = shown
        condition.unlock()
        if erase { write(Self.eraseLine) }
    }

    private func loop() {
        condition.lock()
        defer { condition.unlock() }
        var deadline = started.addingTimeInterval(delay)
        while !stopped {
            if !condition.wait(until: deadline), !stopped {
                shown = true
                write(Self.eraseLine + line())
                deadline = Date().addingTimeInterval(interval)
            }
        }
    }

    private func line() -> String {
        let bytes = progress.bytesRead
        let seconds = max(Date().timeIntervalSince(started), 0.001)
        var text = "userlist: read \(Self.size(bytes))"
        if let total = progress.totalBytes, total > 0 {
            text += " of \(Self.size(total)) (\(min(100, bytes * 100 / total))%)"
        }
        text += " · \(RunSummary.grouped(progress.recordsRead)) records · \(Self.size(Int(Double(bytes) / seconds)))/s"
        return text
    }

    static func size(_ bytes: Int) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : "\(String(format3: value).dropLast(2)) \(units[unit])"
    }
}
