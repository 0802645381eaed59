import Testing
@testable import UserListKit
@testable import UserListStages
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListJSON
import UserListRendering

/// What travels between stages comes back exactly as it left.
@Suite struct StageRecordTests {
    static let users: [User] = [
        User(id: "1"),
        User(id: "é\u{301}\t\"\\", name: "Zoë \"Z\" Müller", username: "line\nbreak", email: "a@b.c", avatarURL: "https://x/y.png",
             bio: "first\nsecond\u{0}", phone: "+1", website: "w",
             address: Address(street: "s", suite: nil, city: "北京", zipcode: "1", geo: Geo(lat: "1.5", lng: nil)),
             company: Company(name: "Acme, Inc.", catchPhrase: nil, bs: "bs")),
        // Present but empty parts stay present (a normalised user never has them; the format does not care).
        User(id: "x", address: Address(), company: Company()),
        User(id: "y", address: Address(city: "c", geo: Geo())),
    ]

    @Test func usersRoundTrip() {
        let batch = StageRecordBatch()
        for (index, user) in Self.users.enumerated() {
            let output = OutputWriter()
            StageUserJSON.append(user, place: index == 1 ? .init(input: 3, line: 17, column: 5) : nil,
                                 failure: index == 1 ? "--where: null (null) cannot be matched, as it is not a string \"!\"" : nil, to: output)
            output.bytes.withUnsafeBytes { json in
                batch.add(line: index + 1, position: index, json: json)
            }
        }
        let (decoded, badLine) = batch.users()
        #expect(badLine == nil)
        #expect(decoded.map(\.user) == Self.users)
        #expect(decoded[1].place?.input == 3 && decoded[1].place?.line == 17 && decoded[1].place?.column == 5)
        #expect(decoded[1].failure == "--where: null (null) cannot be matched, as it is not a string \"!\"")
        #expect(decoded[0].place == nil && decoded[0].failure == nil)
    }

    @Test func aLineThatIsNotAUserIsNamed() {
        let batch = StageRecordBatch()
        // A failure that is not a message is not what the map stage writes either.
        for (line, text) in [#"{"id":"1"}"#, #"{"id":"2","age":3}"#, #"{"id":"3","!":7}"#].enumerated() {
            Array(text.utf8).withUnsafeBytes { batch.add(line: line + 10, position: line, json: $0) }
        }
        let (decoded, badLine) = batch.users()
        #expect(badLine == 11)
        #expect(decoded.map(\.user.id) == ["1"])
    }

    @Test(arguments: ["plain", "a,b\r\n", "tab\there\\n\n", "\\\\\r\r\n\n", ""])
    func rowsRoundTrip(row: String) {
        let output = OutputWriter()
        Array(row.utf8).withUnsafeBytes { StageLine.appendEscaped($0, to: output) }
        #expect(!output.bytes.contains(0x0A) && !output.bytes.contains(0x0D))
        var back: [UInt8] = []
        let ok = output.bytes.withUnsafeBytes { StageLine.appendUnescaped($0, to: &back) }
        #expect(ok)
        #expect(back == Array(row.utf8))
    }

    @Test(arguments: ["ends with \\", "\\t is no escape of ours", "\\"])
    func unknownEscapesAreRefused(field: String) {
        var back: [UInt8] = []
        #expect(!Array(field.utf8).withUnsafeBytes { StageLine.appendUnescaped($0, to: &back) })
    }

    @Test func fieldsSplitAtTheFirstTabsOnly() {
        let line = Array("a\t\tc\td\te".utf8)
        let fields = line.withUnsafeBytes { StageLine.fields($0, count: 3)?.map { Array($0) } }
        #expect(fields == [Array("a".utf8), [], Array("c\td\te".utf8)])
        #expect(Array("a\tb".utf8).withUnsafeBytes { StageLine.fields($0, count: 3) } == nil)
    }

    /// The partial stage's rows of a full export go out as one sorted run, whatever order they
    /// were written in: keys sharing their first 8 bytes (the numbers sorted first) and keys that
    /// are prefixes of others among them.
    @Test func sortedRowsComeOutInByteOrder() {
        let keys = ["0002aa", "00026162636465666768", "0002616263646566", "00026162636465660", "0001ff", "0002616263646566670",
                    "ff", "0002616263646565ff"]
        let rows = StageSortedRows()
        for (index, key) in keys.enumerated() {
            rows.output.write("\(key)\t\(index)\trow \(index)\n")
            rows.endLine()
        }
        let output = OutputWriter()
        rows.write(to: output)
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.prefix { $0 != "\t" }) } == keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(Set(lines) == Set(keys.enumerated().map { "\($1)\t\($0)\trow \($0)" }))
    }

    @Test func countsMergeAsOneRun() {
        var a = StageStatistics(options: "o")
        a.records = 10
        a.users = 8
        a.rejected = 2
        a.warnings = (0..<15).map { .init(position: $0 * 2, input: 0, text: "a\($0)") }
        a.excluded = ["bot": 1]
        var b = StageStatistics(options: "o")
        b.records = 5
        b.users = 5
        b.distinct = 11
        b.warnings = (0..<15).map { .init(position: $0 * 2 + 1, input: 0, text: "b\($0)") }
        b.excluded = ["bot": 2, "deleted account": 1]
        b.errors.add(StageError(input: 1, rank: .filter, position: 9, error: UserlistError(.data, Diagnostic(.syntax, "late"))))
        a.errors.add(StageError(input: 1, rank: .strict, position: 900, error: UserlistError(.data, Diagnostic(.syntax, "strict"))))
        a.merge(b)
        #expect(a.report == { var r = LoadReport(recordsRead: 15, usersLoaded: 11, skipped: 2, duplicates: 2); r.excluded = ["bot": 3, "deleted account": 1]; return r }())
        #expect(a.warnings.map(\.position) == Array(0..<20))
        // Same input: a --strict reject stops a single run before --where runs.
        #expect(a.error?.message == "strict")
    }

    /// A single run takes in the records before a reading error, so in the failing input an
    /// error of another rank counts only before it — whatever order the partitions merge in.
    @Test(arguments: [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]])
    func errorsChooseAsOneRun(order: [Int]) {
        func error(_ input: Int, _ rank: StageError.Rank, _ position: Int) -> StageError {
            StageError(input: input, rank: rank, position: position, error: UserlistError(.data, Diagnostic(.syntax, "\(rank) \(position)")))
        }
        // A --strict reject after the reading error loses to it; --where before both wins.
        var partitions = [StageErrors(), StageErrors(), StageErrors()]
        partitions[0].add(error(2, .reading, 10))
        partitions[1].add(error(2, .strict, 15))
        partitions[2].add(error(2, .filter, 3))
        var merged = StageErrors()
        for index in order { merged.merge(partitions[index]) }
        #expect(merged.chosen?.message == "filter 3")
        // A --strict reject before it wins over --where (the Service runs first), and an
        // earlier input's error over everything.
        merged.add(error(2, .strict, 7))
        #expect(merged.chosen?.message == "strict 7")
        merged.add(error(1, .reading, 900))
        #expect(merged.chosen?.message == "reading 900")
        #expect(!merged.keeps(error(2, .strict, 1)))
        #expect(merged.keeps(error(1, .filter, 899)))
        merged.add(error(1, .filter, 899))
        #expect(merged.chosen?.message == "filter 899")
    }
}
