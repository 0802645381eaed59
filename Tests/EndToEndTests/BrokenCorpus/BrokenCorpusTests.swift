import Foundation
import Testing
@testable import UserListKit
import UserListTestSupport

/// Issue 18, "Nothing lost": in line-delimited input a bad record ends at its line.
///
/// Thousands of generated exports — a few to a few dozen good users (international names, unique
/// ids, some ids again), broken records between the good lines (cut mid-object and mid-string, an
/// extra `}`, a stray `]`, a raw newline in a string, a NUL byte, an unclosed `[`, a lone `{`, a
/// missing comma, `}{` at a line's start, a document with no users, and every truncation of a good
/// line at every byte) — as NDJSON, CRLF NDJSON, concatenated documents, pretty-printed documents,
/// gzip and zstd, each read in this process as `userlist` reads it (see ``CorpusCheck`` for what
/// is checked). The NDJSON and CRLF exports also go through the Spark stages, which must answer
/// as one run does.
///
/// About 3,500 exports in ~30 s of a debug build. Seeded: `USERLIST_CORPUS_SEED=N` changes the
/// exports, `USERLIST_CORPUS_SCALE=10` makes ten times as many random ones for a longer run (`0.1`:
/// a tenth, for a quick look). A failure says how many exports fail each way, names the seed, the
/// variant and the export, shows it and the smallest export found that fails the same way, and
/// leaves that one in `$TMPDIR/userlist-corpus-failures/` to run `userlist` on:
///
///     swift test --filter BrokenCorpusTests
///     USERLIST_CORPUS_SCALE=10 USERLIST_CORPUS_SEED=7 swift test --filter BrokenCorpusTests
@Suite("Nothing lost: broken records end at their line (issue 18)")
struct BrokenCorpusTests {
    static let seed = ProcessInfo.processInfo.environment["USERLIST_CORPUS_SEED"].flatMap(UInt64.init) ?? 2026_11_25
    static let scale = ProcessInfo.processInfo.environment["USERLIST_CORPUS_SCALE"].flatMap(Double.init) ?? 1

    /// `count` random exports, times the scale.
    static func scaled(_ count: Int) -> Int { max(1, Int((Double(count) * scale).rounded())) }

    struct Variant: CustomTestStringConvertible, Sendable {
        var format: CorpusExport.Format
        var compression: CorpusExport.Compression
        var exports: Int
        var testDescription: String { compression == .none ? format.rawValue : "\(compression.rawValue)(NDJSON, CRLF, concatenated, pretty)" }
    }

    static let variants: [Variant] = [
        Variant(format: .ndjson, compression: .none, exports: scaled(500)),
        Variant(format: .crlf, compression: .none, exports: scaled(350)),
        Variant(format: .concatenated, compression: .none, exports: scaled(350)),
        Variant(format: .pretty, compression: .none, exports: scaled(350)),
        Variant(format: .ndjson, compression: .gzip, exports: scaled(80)),
        Variant(format: .ndjson, compression: .zstd, exports: scaled(80)),
    ]

    /// Random exports of one variant (a compressed variant compresses all four layouts in turn).
    @Test(arguments: variants)
    func randomExports(_ variant: Variant) throws {
        let formats: [CorpusExport.Format] = variant.compression == .none ? [variant.format] : CorpusExport.Format.allCases
        let exports = (0..<variant.exports).map { index in
            CorpusGenerator.randomExport(seed: Self.exportSeed(variant, index), format: formats[index % formats.count], compression: variant.compression, index: index)
        }
        try Self.check(exports, what: "random \(variant.testDescription) exports")
    }

    /// The control: the same exports without their broken records pass on any reader, so a
    /// failure above is the reader's, not the corpus's.
    @Test func exportsWithoutBrokenRecordsPass() throws {
        var exports: [CorpusExport] = []
        for variant in Self.variants {
            let formats: [CorpusExport.Format] = variant.compression == .none ? [variant.format] : CorpusExport.Format.allCases
            for index in 0..<Self.scaled(24) {
                var export = CorpusGenerator.randomExport(seed: Self.exportSeed(variant, index), format: formats[index % formats.count], compression: variant.compression, index: index)
                export.items.removeAll { if case .broken = $0 { true } else { false } }
                exports.append(export)
            }
        }
        try Self.check(exports, what: "exports without their broken records")
    }

    /// The choice of running in this process: the built `userlist` gives the same answers, on
    /// a sample of the random exports of every variant.
    @Test func theBinaryAnswersAlike() throws {
        _ = CrashNote.installed
        let directory = Self.scratch.appendingPathComponent("userlist-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let checker = CorpusCheck(directory: directory)
        var disagreements: [String] = []
        var compared = 0
        for variant in Self.variants {
            let formats: [CorpusExport.Format] = variant.compression == .none ? [variant.format] : CorpusExport.Format.allCases
            for index in 0..<Self.scaled(4) {
                let export = CorpusGenerator.randomExport(seed: Self.exportSeed(variant, index), format: formats[index % formats.count], compression: variant.compression, index: index)
                guard let answer = checker.binaryDisagreement(on: export) else { continue }
                compared += 1
                if let disagreement = answer { disagreements.append("\(disagreement)\n\(export)") }
            }
        }
        #expect(compared >= Self.scaled(4) * Self.variants.count / 2, "only \(compared) exports compared")
        #expect(disagreements.isEmpty, "\(disagreements.count) exports (USERLIST_CORPUS_SEED=\(Self.seed)):\n\(disagreements.prefix(3).joined(separator: "\n"))")
    }

    struct Sweep: CustomTestStringConvertible, Sendable {
        var document: Int
        var format: CorpusExport.Format
        var atEnd: Bool
        var testDescription: String {
            "document \(document) cut at every byte, \(format.rawValue), \(atEnd ? "last, with no line break after it" : "between good lines")"
        }
    }

    static let sweeps: [Sweep] = [
        Sweep(document: 0, format: .ndjson, atEnd: false), Sweep(document: 0, format: .crlf, atEnd: true),
        Sweep(document: 1, format: .crlf, atEnd: false), Sweep(document: 1, format: .ndjson, atEnd: true),
        Sweep(document: 2, format: .concatenated, atEnd: false), Sweep(document: 2, format: .pretty, atEnd: false),
        Sweep(document: 0, format: .pretty, atEnd: true),
    ]

    /// Every truncation of a good line at every byte (0 bytes: an empty line, no record), and of
    /// a pretty document.
    @Test(arguments: sweeps)
    func everyTruncation(_ sweep: Sweep) throws {
        let exports = CorpusGenerator.truncationSweep(of: CorpusGenerator.sweepDocuments[sweep.document], seed: Self.seed &+ UInt64(sweep.document) << 32,
                                                      format: sweep.format, atEnd: sweep.atEnd)
        try Self.check(exports, what: sweep.testDescription)
    }

    /// Exports of 4.4 MB, bigger than the reader's 4 MiB chunk, with a broken record of every kind
    /// around the place the first chunk ends (and one in 200 lines elsewhere).
    @Test(arguments: [(CorpusExport.Format.ndjson, CorpusExport.Compression.none), (.pretty, .none), (.crlf, .gzip)])
    func exportsBiggerThanAChunk(_ format: CorpusExport.Format, _ compression: CorpusExport.Compression) throws {
        let variant = Variant(format: format, compression: compression, exports: 1)
        let exports = (0..<Self.scaled(1)).map { index in
            CorpusGenerator.largeExport(seed: Self.exportSeed(variant, 1_000 + index), format: format, compression: compression, index: index,
                                        boundary: 4 << 20, size: 4_400_000)
        }
        try Self.check(exports, what: "\(compression == .none ? format.rawValue : "\(compression.rawValue)(\(format.rawValue))") exports of 4.4 MB")
    }

    /// Queries the stages answer over the NDJSON and CRLF exports, as one run would.
    static let stageQueries: [[String]] = [
        ["--skip-bad-json", "-f", "ndjson"],
        ["--skip-bad-json", "--sort", "name:desc", "--page", "2", "--page-size", "4"],
        ["--skip-bad-json", "--sort", "id", "-f", "csv"],
        ["-f", "ndjson"],
    ]

    /// The Spark stages (map → shuffle → partial → merge over random partitions, as
    /// `StageExactnessTests` runs them) give one run's standard output, warnings and exit code
    /// (but for the wording the README allows, see ``difference(_:_:)``).
    @Test(arguments: [CorpusExport.Format.ndjson, .crlf])
    func stagesAnswerAsOneRun(_ format: CorpusExport.Format) throws {
        let variant = Variant(format: format, compression: .none, exports: Self.scaled(60))
        let exports = (0..<variant.exports).map { index in
            CorpusGenerator.randomExport(seed: Self.exportSeed(variant, index), format: format, compression: .none, index: index)
        }
        _ = CrashNote.installed
        let directory = Self.scratch.appendingPathComponent("userlist-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let checker = CorpusCheck(directory: directory)
        // Parsed once (ArgumentParser takes ~0.1 s a parse in a debug build); each export is an input.
        let placeholder = directory.appendingPathComponent("export.ndjson").path
        let runs = try Self.stageQueries.map { words in
            (words: words, single: try StagedRun.singleRun([placeholder] + words).run, stages: try StagedRun.stageRun([placeholder] + words, inputs: [placeholder]))
        }
        // Every query that differs (the first is the one shrunk).
        func differences(_ export: CorpusExport) -> [String] {
            let input: String
            do { input = try checker.write(export) } catch { return ["setup: \(error)"] }
            var generator = SeededGenerator(state: export.seed)
            var found: [String] = []
            for run in runs {
                var single = run.single
                single.inputs = [.file(input)]
                let one = StagedRun.single(single)
                let staged: Answer
                do { staged = try StagedRun.staged(run.stages, inputs: [input], using: &generator) } catch {
                    found.append("stages: \(run.words.joined(separator: " ")): the harness failed: \(error)")
                    continue
                }
                if let difference = Self.difference(one, staged) { found.append("stages: userlist EXPORT \(run.words.joined(separator: " ")): \(difference)") }
            }
            return found
        }
        var failed: [(CorpusExport, [String])] = []
        for export in exports {
            let found = differences(export)
            if !found.isEmpty { failed.append((export, found)) }
        }
        Self.report(failed, of: exports.count, what: "\(format.rawValue) exports through the stages") { differences($0).first }
    }

    /// Where the stages' answer first differs from one run's (nil: nowhere).
    ///
    /// Allowed, as the README's "Where it differs from one run" says: a line cut off inside its
    /// document is "unexpected end of input" to a stage (which reads the line alone) where one run
    /// says "record cut off at the end of its line", at the same place.
    static func difference(_ one: Answer, _ stages: Answer) -> String? {
        func allowed(_ answer: Answer) -> Answer {
            func same(_ message: String) -> String {
                message.replacingOccurrences(of: "record cut off at the end of its line: ", with: "unexpected end of input: ")
            }
            return Answer(stdout: answer.stdout, warnings: answer.warnings.map(same), error: answer.error.map(same), code: answer.code)
        }
        let one = allowed(one), stages = allowed(stages)
        // What a message says, without its place (for the kinds of difference).
        func words(_ message: String?) -> String { (message ?? "none").replacing(#/^[^ ]*:[0-9]+:[0-9]+: /#, with: "") }
        if one.code != stages.code || one.error != stages.error {
            return "error: «exit \(one.code) \(words(one.error))» vs «exit \(stages.code) \(words(stages.error))»: one run: exit \(one.code) \(one.error ?? ""); stages: exit \(stages.code) \(stages.error ?? "")"
        }
        for index in 0..<max(one.warnings.count, stages.warnings.count) {
            let mine = index < one.warnings.count ? one.warnings[index] : "nothing"
            let theirs = index < stages.warnings.count ? stages.warnings[index] : "nothing"
            if mine != theirs { return "warning: «\(words(mine))» vs «\(words(theirs))»: warning \(index + 1): one run: \(mine); stages: \(theirs)" }
        }
        let mine = String(decoding: one.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = String(decoding: stages.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(mine.count, theirs.count) {
            let a = index < mine.count ? String(mine[index]) : "nothing"
            let b = index < theirs.count ? String(theirs[index]) : "nothing"
            if a != b { return "standard output: line \(index + 1): one run: \(a.prefix(300)); stages: \(b.prefix(300))" }
        }
        return nil
    }

    /// Each export's own seed: the run's seed, the variant and the export's number.
    static func exportSeed(_ variant: Variant, _ index: Int) -> UInt64 {
        var mixer = SeededGenerator(state: seed ^ UInt64(CorpusExport.Format.allCases.firstIndex(of: variant.format)!) << 56 ^ UInt64(variant.compression.hashValueStable) << 48)
        mixer.state &+= UInt64(index)
        return mixer.next()
    }

    /// Where the exports and the runs' files go: `/dev/shm` when there is one, as `--output`,
    /// `--rejects` and `--summary` are flushed to disk (three `fsync`s an export: 50 ms on a disk).
    static let scratch: URL = {
        if let folder = ProcessInfo.processInfo.environment["USERLIST_CORPUS_TMPDIR"] { return URL(fileURLWithPath: folder) }
        if access("/dev/shm", W_OK) == 0 { return URL(fileURLWithPath: "/dev/shm") }
        return FileManager.default.temporaryDirectory
    }()

    /// Checks every export; records one issue per failing export (the first shrunk), at most 5.
    static func check(_ exports: [CorpusExport], what: String) throws {
        _ = CrashNote.installed
        let directory = Self.scratch.appendingPathComponent("userlist-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let checker = CorpusCheck(directory: directory)
        var failed: [(CorpusExport, [String])] = []
        for export in exports {
            let failures = checker.failures(of: export)
            if !failures.isEmpty { failed.append((export, failures)) }
        }
        report(failed, of: exports.count, what: what) { checker.failure(of: $0) }
    }

    /// One issue per failing export (at most 5), the first with how many fail each way, the
    /// export and its shrunk form.
    static func report(_ failed: [(CorpusExport, [String])], of total: Int, what: String, failing: (CorpusExport) -> String?) {
        guard let (first, failures) = failed.first else { return }
        // A big export is not shrunk (a check takes a second); its file is kept as it is.
        let (small, smallFailure) = first.items.count > 2_000 ? (first, failures[0]) : CorpusShrinker.shrink(first, failure: failures[0], failing: failing)
        let kept = keep(small)
        // How many exports fail each way, most first.
        var ways: [String: Int] = [:]
        for (_, failures) in failed {
            for way in Set(failures.map(signature)) { ways[way, default: 0] += 1 }
        }
        let histogram = ways.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "  \($0.value) × \($0.key)" }.joined(separator: "\n")
        Issue.record(Comment(rawValue: """
            \(failed.count) of \(total) \(what) fail (again: USERLIST_CORPUS_SEED=\(seed) USERLIST_CORPUS_SCALE=\(scale) swift test --filter BrokenCorpusTests); exports failing each way:
            \(histogram)
            The first, \(first.variant) export \(first.index) (export seed \(first.seed)):
            \(failures.joined(separator: "\n"))
            \(first)
            Shrunk to \(small.items.count) items\(kept.map { ", kept in \($0)" } ?? ""):
            \(smallFailure)
            \(small)
            """))
        for (export, failures) in failed.dropFirst().prefix(4) {
            Issue.record(Comment(rawValue: "\(export.variant) export \(export.index) (seed \(export.seed)):\n\(failures.joined(separator: "\n"))\n\(export)"))
        }
    }

    /// A failure without its particulars: its first two fields (`area: way`; for the stages,
    /// `stages: query: what: «one run» vs «stages»`), digits as N.
    static func signature(_ failure: String) -> String {
        var kept = failure.components(separatedBy: ": ").prefix(failure.hasPrefix("stages") ? 3 : 2).joined(separator: ": ")
        if failure.hasPrefix("stages"), let end = failure.range(of: "»: ") { kept = failure[..<end.lowerBound] + "»" }
        return String(kept.replacing(/[0-9]+/, with: "N").prefix(240))
    }

    /// The shrunk export's file, kept for `userlist FILE --skip-bad-json --rejects /dev/stdout`.
    static func keep(_ export: CorpusExport) -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-corpus-failures")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try? CorpusCheck(directory: folder).write(export)
    }
}

extension CorpusExport.Compression {
    /// A number for the seed (Swift's `hashValue` changes from run to run).
    var hashValueStable: Int {
        switch self {
        case .none: 0
        case .gzip: 1
        case .zstd: 2
        }
    }
}
