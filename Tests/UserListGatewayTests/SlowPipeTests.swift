import Foundation
import Testing
@testable import UserListGateway
import UserListTestSupport

extension GatewayTests {
    /// A pipe that gives lines slowly (`curl` streaming an export, `tail -f`): each batch of whole
    /// lines is handed on when the pipe has nothing more for now, not when a chunk is full.
    @Suite struct SlowPipeTests {
        let dir = TemporaryDirectory()

        @Test func linesArriveBeforeThePipeCloses() throws {
            let path = dir.namedPipe("slow.fifo")
            let firstBatch = DispatchSemaphore(value: 0)
            let timedOut = Flag()
            let writer = Thread {
                let handle = FileHandle(forWritingAtPath: path)!
                handle.write(Data((GatewayTests.placeholderUser(1) + "\n" + GatewayTests.placeholderUser(2) + "\n").utf8))
                // Keep the pipe open until the reader has seen the first lines (or give up after 10 s).
                if firstBatch.wait(timeout: .now() + 10) == .timedOut { timedOut.set() }
                handle.write(Data((GatewayTests.placeholderUser(3) + "\n").utf8))
                handle.closeFile()
            }
            writer.start()
            var batches: [[String]] = []
            var sawFirstBeforeClose = false
            try UserGateway(inputs: [.file(path)]).readRecords { batch in
                let ids = batch.records.compactMap { if case .user(let user) = $0 { user.id } else { nil } }
                if batches.isEmpty, ids == ["1", "2"] { sawFirstBeforeClose = true }
                batches.append(ids)
                firstBatch.signal()
            }
            #expect(sawFirstBeforeClose)
            #expect(!timedOut.isSet, "the first lines waited for the pipe to close")
            #expect(batches.flatMap { $0 } == ["1", "2", "3"])
        }
    }

    /// Set once by one thread, read by another after it joined (through the semaphore).
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }
}
