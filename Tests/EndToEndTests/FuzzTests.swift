import Foundation
import Testing
import UserListTestSupport

/// Mutated inputs through the built binary, every run of `swift test` (so in CI): whatever the
/// bytes, userlist ends with 0 or 65 — never by a signal — and every line it writes on standard
/// error is one `userlist: …` line with no control characters. Seeded, so a failure repeats.
@Suite("Fuzzed inputs")
struct FuzzTests {
    typealias Generator = SeededGenerator

    static let samples = ["Samples/jsonplaceholder-users.json", "Samples/export.ndjson", "Samples/international-users.json",
                          "Samples/nightly-export.ndjson", "Samples/apis/scim-list-response.json", "Samples/apis/slack-users-list.json"]

    /// One random change: a byte replaced, inserted or deleted, a stretch repeated or cut off.
    static func mutate(_ bytes: [UInt8], _ generator: inout Generator) -> [UInt8] {
        var bytes = bytes
        guard !bytes.isEmpty else { return [UInt8.random(in: 0...255, using: &generator)] }
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        let interesting: [UInt8] = Array("{}[],:\"\\0-9eE.ntf \n".utf8) + [0x00, 0x1B, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: bytes[at] = interesting.randomElement(using: &generator)!
        case 1: bytes.insert(interesting.randomElement(using: &generator)!, at: at)
        case 2: bytes.remove(at: at)
        case 3: bytes.removeLast(bytes.count - at)
        case 4:
            let end = min(bytes.count, at + Int.random(in: 1...64, using: &generator))
            bytes.insert(contentsOf: bytes[at..<end], at: at)
        default: bytes[at] = UInt8.random(in: 0...255, using: &generator)
        }
        return bytes
    }

    /// Rounds per sample: 12 in every run; `USERLIST_FUZZ_ROUNDS=500 swift test --filter Fuzz` for a longer campaign.
    static let rounds = ProcessInfo.processInfo.environment["USERLIST_FUZZ_ROUNDS"].flatMap(Int.init) ?? 12

    @Test func mutatedInputsEndCleanly() throws {
        var generator = Generator(state: ProcessInfo.processInfo.environment["USERLIST_FUZZ_SEED"].flatMap(UInt64.init) ?? 2026_11_23)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var runs = 0
        for sample in Self.samples {
            let original = try [UInt8](Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent(sample)))
            for round in 0..<Self.rounds {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &generator) { bytes = Self.mutate(bytes, &generator) }
                let file = directory.appendingPathComponent("case-\(runs).json")
                try Data(bytes).write(to: file)
                let options = ["-f ndjson", "--skip-bad-json -f csv --sort name", "--jq . -f ndjson", "--where '.name | test(\"a\")?' --count"][round % 4]
                let result = try CommandRunner.run("userlist '\(file.path)' \(options)")
                runs += 1
                #expect([0, 65].contains(result.status), "\(sample) mutated (\(file.lastPathComponent)), \(options): exit \(result.status)")
                let errors = String(decoding: result.stderr, as: UTF8.self)
                for line in errors.split(separator: "\n") {
                    #expect(line.hasPrefix("userlist: "), "\(options): \(line)")
                    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }, "control character in: \(line)")
                }
            }
        }
        #expect(runs == Self.samples.count * Self.rounds)
    }
}
