import Foundation
import Synchronization
import Testing
@_spi(Pipeline) @testable import UserListKit
import UserListDomain
@testable import UserListService

/// The parts of a batch run's reporting that are logic: the summary's counts and text, and the
/// progress line on a terminal.
@Suite struct BatchReportingTests {
    static func summary(failure: UserlistError? = nil) -> RunSummary {
        var statistics = RunStatistics()
        var report = LoadReport(recordsRead: 1_000_006, usersLoaded: 1_000_000, skipped: 5, duplicates: 1)
        report.excluded = [:]
        statistics.report = failure == nil ? report : nil
        statistics.matched = failure == nil ? 20 : nil
        statistics.written = failure == nil ? 20 : nil
        return RunSummary(inputs: 2, bytes: 448_000_000, statistics: statistics, recordsSeen: 900_000, rejectedSeen: 3, seconds: 2.3456, failure: failure)
    }

    @Test func summaryJSONAddsUp() throws {
        let json = Self.summary().json
        #expect(json == #"{"inputs":2,"bytes":448000000,"records":1000006,"users":1000000,"rejected":5,"duplicates":1,"excluded":0,"matched":20,"written":20,"next":null,"seconds":2.346,"status":"ok"}"# + "\n")
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        #expect(object["records"] as? Int == (object["users"] as! Int) + (object["rejected"] as! Int) + (object["duplicates"] as! Int) + (object["excluded"] as! Int))
    }

    @Test func failedRunSummaryHasWhatItKnows() throws {
        let json = Self.summary(failure: UserlistError(.data, Diagnostic(.runCheck, "more than 2 records rejected (--max-rejects 2); the last: a.ndjson:3:1: \"x\"\n"))).json
        #expect(json.contains(#""records":900000,"users":null,"rejected":3,"#))
        // A message is one line by construction (Diagnostic.text): the newline arrives escaped.
        #expect(json.contains(#""status":"failed","exitCode":65,"error":"more than 2 records rejected (--max-rejects 2); the last: a.ndjson:3:1: \"x\"\\n"}"#))
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
    }

    @Test func humanLine() {
        #expect(Self.summary().humanLine == "1,000,006 records → 1,000,000 users (5 rejected, 1 duplicate) · 20 matched · 20 written · 2.346 s")
    }

    @Test func sizes() {
        #expect(ProgressDisplay.size(999) == "999 B")
        #expect(ProgressDisplay.size(448_123_456) == "448.1 MB")
        #expect(ProgressDisplay.size(2_100_000_000) == "2.1 GB")
    }

    @Test func progressIsDrawnThenErased() async throws {
        let progress = ReadProgress(totalBytes: 2_000_000)
        progress.addBytes(500_000)
        progress.addRecords(1234)
        let written = Mutex<[String]>([])
        let display = ProgressDisplay(progress: progress, delay: 0, interval: 0.01) { text in written.withLock { $0.append(text) } }
        // Waits for a line however busy the machine is (no timing is asserted).
        while written.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(5)) }
        display.stop()
        let lines = written.withLock { $0 }
        #expect(display.wasShown)
        // The first draw starts on a clean line: no erase before it.
        #expect(lines.first?.hasPrefix("userlist: read 500.0 kB of 2.0 MB (25%) · 1,234 records · ") == true, "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(ProgressDisplay.eraseLine) }, "\(lines)")
        #expect(lines.last == ProgressDisplay.eraseLine)
        // Stopped, it writes nothing more, however often it is stopped again.
        display.stop()
        try await Task.sleep(for: .milliseconds(30))
        #expect(written.withLock { $0.count } == lines.count)
    }

    @Test func aWarningTakesTheLineOffTheScreenOnlyWhenItIsThere() async throws {
        let written = Mutex<[String]>([])
        let quiet = ProgressDisplay(progress: ReadProgress(), delay: 3600) { text in written.withLock { $0.append(text) } }
        quiet.interject { written.withLock { $0.append("warning\n") } }
        quiet.stop()
        #expect(written.withLock { $0 } == ["warning\n"])

        written.withLock { $0.removeAll() }
        let progress = ReadProgress()
        progress.addRecords(1)
        let display = ProgressDisplay(progress: progress, delay: 0, interval: 3600) { text in written.withLock { $0.append(text) } }
        while written.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(5)) }
        display.interject { written.withLock { $0.append("warning 1\n") } }
        display.interject { written.withLock { $0.append("warning 2\n") } }
        display.stop()
        let lines = written.withLock { $0 }
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first?.hasPrefix("userlist: read 0 B · 1 record · ") == true, "\(lines)")
        // Erased once, before the first warning; the second finds a clean line; stop has nothing to erase.
        #expect(Array(lines.dropFirst()) == [ProgressDisplay.eraseLine, "warning 1\n", "warning 2\n"])
    }

    @Test func theLineFitsTheTerminal() {
        let text = "userlist: read 448.1 MB of 2.0 GB (22%) · 1,000,000 records · 80.1 MB/s"
        #expect(ProgressDisplay.fitted(text, width: nil) == text)
        #expect(ProgressDisplay.fitted(text, width: 200) == text)
        #expect(ProgressDisplay.fitted(text, width: text.count + 1) == text)
        #expect(ProgressDisplay.fitted(text, width: text.count) == String(text.prefix(text.count - 2)) + "…")
        #expect(ProgressDisplay.fitted(text, width: 20) == "userlist: read 448…")
        #expect(ProgressDisplay.fitted(text, width: 20).count == 19)
    }

    @Test func aRunThatEndsBeforeTheDelayPrintsNothing() {
        let written = Mutex<[String]>([])
        let display = ProgressDisplay(progress: ReadProgress(), delay: 3600) { text in written.withLock { $0.append(text) } }
        display.stop()
        #expect(!display.wasShown)
        #expect(written.withLock { $0.isEmpty })
    }
}
