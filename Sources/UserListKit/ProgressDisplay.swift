import UserListDomain
import UserListPlatform
import Foundation

/// Progress on a terminal's standard error while a long run reads: bytes and records read, the
/// rate, and the percentage when the inputs' size is known. Nothing in the first second (short
/// runs stay quiet), then a line redrawn in place four times a second.
///
/// The line never mixes with other text: a warning is printed through ``interject(_:)``, which
/// erases the line first (it is redrawn at the next tick); the first byte of results bound for a
/// terminal stops it for good (``stop()``), so a table, a count or streamed rows start on a clean
/// line. Nothing is written, not even an erase, unless the line was drawn; while it is on the
/// screen, ``StatusLine`` knows, so ^C erases it too.
final class ProgressDisplay: @unchecked Sendable {
    /// Erases the line the cursor is on: what each redraw (and a warning printed meanwhile) starts with.
    static let eraseLine = StatusLine.erase

    private let progress: ReadProgress
    private let write: @Sendable (String) -> Void
    private let condition = NSCondition()
    private var stopped = false
    /// Drawn at least once (the run was long enough for a summary line at its end).
    private var shown = false
    /// On the screen now: drawn and not erased since.
    private var visible = false
    private let started = Date()
    /// Quiet this long (short runs print nothing), then redrawn at this interval.
    private let delay: TimeInterval
    private let interval: TimeInterval
    /// The terminal's width: the line is cut to fit, since `\r` and erase-line can't take back a
    /// line that wrapped.
    private let width: Int?

    init(progress: ReadProgress, delay: TimeInterval = 1, interval: TimeInterval = 0.25, width: Int? = nil, write: @escaping @Sendable (String) -> Void) {
        self.progress = progress
        self.delay = delay
        self.interval = interval
        self.width = width
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

    /// Stops redrawing and erases the line if it is on the screen; after it returns, the display
    /// writes nothing more. Called again, it does nothing.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return }
        stopped = true
        condition.broadcast()
        eraseIfVisible()
    }

    /// Runs `body` (which writes a warning to standard error) with the line off the screen.
    func interject(_ body: () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        eraseIfVisible()
        body()
    }

    /// Must hold `condition`.
    private func eraseIfVisible() {
        guard visible else { return }
        visible = false
        StatusLine.setShown(false)
        write(Self.eraseLine)
    }

    private func loop() {
        condition.lock()
        defer { condition.unlock() }
        var deadline = started.addingTimeInterval(delay)
        while !stopped {
            if !condition.wait(until: deadline), !stopped {
                shown = true
                // The first draw starts on a clean line (nothing of ours is there), a redraw replaces.
                write((visible ? Self.eraseLine : "") + line())
                visible = true
                StatusLine.setShown(true)
                deadline = Date().addingTimeInterval(interval)
            }
        }
    }

    func line() -> String {
        let bytes = progress.bytesRead
        let seconds = max(Date().timeIntervalSince(started), 0.001)
        var text = "userlist: read \(Self.size(bytes))"
        if let total = progress.totalBytes, total > 0 {
            text += " of \(Self.size(total)) (\(min(100, bytes * 100 / total))%)"
        }
        let records = progress.recordsRead
        text += " · \(RunSummary.grouped(records)) \(records == 1 ? "record" : "records") · \(Self.size(Int(Double(bytes) / seconds)))/s"
        return Self.fitted(text, width: width)
    }

    /// `text` (one column a character: ASCII and `·`) cut to leave the terminal's last column
    /// free, where some terminals wrap at once.
    static func fitted(_ text: String, width: Int?) -> String {
        guard let width, width > 1, text.count > width - 1 else { return text }
        return String(text.prefix(width - 2)) + "…"
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
