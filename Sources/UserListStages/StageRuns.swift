import Foundation
import HeapModule
import UserListDomain
import UserListPlatform
import UserListGateway

/// A full export's sorted runs, one file each (`stage merge --runs DIR`, every file in DIR): their
/// lines merged in byte order, as `LC_ALL=C sort -m` merges them — the merge reads the runs
/// itself, plain or compressed (`stage partial --compress-run`), instead of a `sort -m` process
/// piping ~770 MB of a 5M-user export into it.
public struct StageRuns: Sendable {
    let directory: String

    /// Every file in `directory`, listed once standard input has ended (the driver writes the
    /// runs while the merge waits for the counts).
    public init(directory: String) {
        self.directory = directory
    }

    /// The runs' files, in the order of their names; exit 66 when the directory can't be listed.
    func paths() throws(UserlistError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { (directory as NSString).appendingPathComponent($0) }
        } catch {
            throw UserlistError(.noInput, Diagnostic(.unreadableInput, scope: "stage merge", input: directory, "the sorted runs' directory (--runs) can't be listed"))
        }
    }

    /// ``merge(_:)``'s lines, merged on a thread of their own and handed over in blocks of
    /// ~1 MiB: as `sort -m | merge` ran in two processes, the runs' reading and merging beside
    /// the merge stage's own work (on one thread, 2.5 s for a 5M-row export's 16 runs; the two
    /// halves take about as long). A block keeps where each line ends: the consumer never
    /// searches the bytes for line breaks again.
    func mergeOnAThread(_ body: (UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        let queue = BatchQueue<Block>(capacity: 4)
        let done = DispatchSemaphore(value: 0)
        let runs = self
        Thread.detachNewThread {
            var block = Block()
            do throws(UserlistError) {
                try runs.merge { (line) throws(UserlistError) in
                    block.append(line)
                    if block.bytes.count >= 1 << 20 {
                        try queue.put(block)
                        block.removeAll()
                    }
                }
                if !block.ends.isEmpty { try queue.put(block) }
                queue.finish(error: nil)
            } catch {
                queue.finish(error: error)
            }
            done.signal()
        }
        do throws(UserlistError) {
            while let block = try queue.take() {
                try block.bytes.withUnsafeBytes { all in
                    Result { () throws(UserlistError) in
                        var start = 0
                        for end in block.ends {
                            try body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                            start = end
                        }
                    }
                }.get()
            }
        } catch {
            queue.cancel(with: error)
            done.wait()
            throw error
        }
        done.wait()
    }

    /// Merged lines, back to back, and where each ends.
    private struct Block: Sendable {
        var bytes: [UInt8] = []
        var ends: [Int] = []

        init() {
            bytes.reserveCapacity(1 << 20 + 4096)
            ends.reserveCapacity(8192)
        }

        mutating func append(_ line: UnsafeRawBufferPointer) {
            bytes.append(contentsOf: line)
            ends.append(bytes.count)
        }

        mutating func removeAll() {
            bytes.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
        }
    }

    /// Every line of every run (without its `\n`), in byte order; each run must be sorted (the
    /// merge checks the keys' order as it reads them).
    func merge(_ body: (UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        var cursors: [StageRunCursor] = []
        var heads = Heap<Head>()
        for path in try paths() {
            let cursor = try StageRunCursor(path: path)
            if try cursor.advance() { heads.insert(Head(cursor.line, run: cursors.count)) }
            cursors.append(cursor)
        }
        while let head = heads.popMin() {
            let cursor = cursors[head.run]
            try body(cursor.line)
            if try cursor.advance() { heads.insert(Head(cursor.line, run: head.run)) }
        }
    }

    /// A run by its current line: the line's bytes (valid until its cursor moves) and the run's
    /// index. No reference in it: a head holding its cursor was retained and released at every
    /// comparison of the heap (36% of a 5M-row merge).
    private struct Head: Comparable {
        let start: UnsafeRawPointer?
        let count: Int
        let run: Int

        init(_ line: UnsafeRawBufferPointer, run: Int) {
            start = line.baseAddress
            count = line.count
            self.run = run
        }

        static func < (a: Head, b: Head) -> Bool {
            let shared = min(a.count, b.count)
            let order = shared == 0 ? 0 : Memory.compare(a.start!, b.start!, shared)
            return order != 0 ? order < 0 : a.count < b.count
        }

        static func == (a: Head, b: Head) -> Bool { a.run == b.run }
    }
}
