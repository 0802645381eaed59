import Foundation
import Testing
@testable import UserListStages
import UserListDomain
import UserListInput

/// `stage merge --runs DIR`: sorted run files, plain or one zstd frame each (`partial
/// --compress-run`), read back and merged in byte order as `LC_ALL=C sort -m` merges them.
@Suite struct StageRunsTests {
    /// A directory of its own, removed after `body`.
    static func withDirectory<R>(_ body: (String) throws -> R) throws -> R {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("runs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        let frame = ZstdFrameWriter { out.append(contentsOf: $0) }
        bytes.withUnsafeBytes { frame.write($0) }
        frame.finish()
        return out
    }

    /// Keys sharing prefixes, one a prefix of another, a tab after a key; several MiB in all, so
    /// that the merged lines cross the thread's blocks; the counts on "standard input" first.
    @Test func runsMergeInByteOrderAfterTheFirstLines() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("-0Aa_z".utf8)
        var all: [[UInt8]] = []
        var runs: [[[UInt8]]] = [[], [], [], []]
        for index in 0..<40_000 {
            let key = (0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let line = key + Array("\t\(index)\t".utf8) + [UInt8](repeating: UInt8(ascii: "r"), count: Int.random(in: 0...200, using: &generator))
            all.append(line)
            runs[index % runs.count].append(line)
        }
        let lines: [[UInt8]] = try Self.withDirectory { directory in
            for (number, run) in runs.enumerated() {
                let text = run.sorted { $0.lexicographicallyPrecedes($1) }.flatMap { $0 + [UInt8(ascii: "\n")] }
                // Two plain (one without its last line break), two compressed.
                let bytes = number == 0 ? Array(text.dropLast()) : number == 1 ? text : Self.compressed(text)
                try Data(bytes).write(to: URL(fileURLWithPath: directory + "/run-\(number)"))
            }
            var lines: [[UInt8]] = []
            var numbers: [Int] = []
            try StageInput(bytes: Array("!a\n!b\n".utf8), then: StageRuns(directory: directory)).forEachLine { (line, number) throws(UserlistError) in
                lines.append(Array(line))
                numbers.append(number)
            }
            #expect(numbers == Array(1...(all.count + 2)))
            return lines
        }
        #expect(lines.prefix(2) == [Array("!a".utf8), Array("!b".utf8)])
        #expect(Array(lines.dropFirst(2)) == all.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// A run cut short is named; the merge's own error stops the reading thread (no hang).
    @Test func failuresEndTheMerge() throws {
        try Self.withDirectory { directory in
            let text = (0..<50_000).map { "k\(100_000 + $0)\trow\n" }.joined()
            let whole = Self.compressed(Array(text.utf8))
            try Data(whole).write(to: URL(fileURLWithPath: directory + "/run-0"))
            var seen = 0
            do {
                try StageInput(bytes: [], then: StageRuns(directory: directory)).forEachLine { (_, _) throws(UserlistError) in
                    seen += 1
                    if seen == 10 { throw UserlistError(.data, Diagnostic(.stage, scope: "stage merge", "stopped")) }
                }
                Issue.record("the merge went on")
            } catch let error as UserlistError {
                #expect(error.message == "stage merge: stopped")
            }
            try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: directory + "/run-0"))
            do {
                try StageInput(bytes: [], then: StageRuns(directory: directory)).forEachLine { _, _ in }
                Issue.record("a cut run was read")
            } catch let error as UserlistError {
                #expect(error.exitCode == 65)
                #expect(error.message.contains("zstd: the compressed data ends early"), "\(error.message)")
            }
        }
    }
}
