import Testing
import UserListDomain
import UserListPlatform

extension DomainTests {
    /// Every ``Diagnostic/Problem`` with one example as userlist builds it: the line the command
    /// prints (`userlist: ` + ``UserlistError/message``, as `StandardError.report` writes it) and
    /// the exit code. The examples are the messages of golden cases and the sites that throw them.
    ///
    /// ``example(_:)`` switches over every case, so a new problem does not compile until it has an
    /// example here; ``problems`` must then list it (``everyExampleIsListed`` counts them).
    @Suite struct ProblemCatalogueTests {
        static let problems: [Diagnostic.Problem] = [
            .syntax, .unusableRecord, .skippedRecords(total: 30, listed: 20), .excludedRecords(count: 2), .duplicateIDs(count: 1),
            .expression, .noUsers, .apiError, .unreadableInput, .unwritableOutput, .usage, .note, .configuration, .runCheck,
            .baseline, .stage, .damagedTemporaryFile, .inputChanged, .relayed,
        ]

        /// How many cases ``example(_:)`` has; kept by hand beside the switch.
        static let caseCount = 19

        static func example(_ problem: Diagnostic.Problem) -> (diagnostic: Diagnostic, kind: UserlistError.Kind?, line: String) {
            let at = SourceLocation(input: "users.json", line: 3, column: 17)
            switch problem {
            case .syntax:
                return (Diagnostic(.syntax, at: at, "expected ',' or '}' after an object member"), .data,
                        "userlist: users.json:3:17: expected ',' or '}' after an object member")
            case .unusableRecord:
                return (Diagnostic.warning(.unusableRecord, at: SourceLocation(input: "users.json", line: 3, column: 17, path: ".users[2]"), "no id"), nil,
                        "userlist: warning: users.json:3:17: skipped record .users[2]: no id")
            case .skippedRecords:
                return (Diagnostic.warning(problem, input: "users.json", ""), nil,
                        "userlist: warning: users.json: skipped 30 records in all that could not become users (the first 20 are listed above)")
            case .excludedRecords:
                return (Diagnostic.warning(problem, input: "users.json", "deleted (2)"), nil,
                        "userlist: warning: users.json: left out 2 records that the API marks as not a person: deleted (2)")
            case .duplicateIDs:
                return (Diagnostic.warning(problem, ""), nil,
                        "userlist: warning: dropped 1 record with a duplicate id (the first occurrence of each id is kept)")
            case .expression:
                return (Diagnostic(.expression, at: at, option: "--where", "halt was called", subject: "user 1"), .data,
                        "userlist: users.json:3:17: --where: halt was called (user 1)")
            case .noUsers:
                return (Diagnostic(.noUsers, input: "users.json", "no users: the document is a number"), .data,
                        "userlist: users.json: no users: the document is a number")
            case .apiError:
                return (Diagnostic(.apiError, input: "users.json", "Invalid/Expired Token!"), .data,
                        "userlist: users.json: the API returned an error: Invalid/Expired Token!")
            case .unreadableInput:
                return (Diagnostic(.unreadableInput, SystemError("read error", subject: "users.json", code: 5)), .noInput,
                        "userlist: users.json: read error: Input/output error")
            case .unwritableOutput:
                return (Diagnostic(.unwritableOutput, SystemError(SystemError.writeError, subject: "out.ndjson", code: 28)).within("--rejects"), .output,
                        "userlist: --rejects: out.ndjson: write error: No space left on device")
            case .usage:
                return (Diagnostic(.usage, option: "stage merge --part combine", "only a paged query (--page) or --count combines; a full export's lines are sorted"), .usage,
                        "userlist: stage merge --part combine: only a paged query (--page) or --count combines; a full export's lines are sorted")
            case .note:
                return (Diagnostic.warning(.note, input: "users.json", "more users on the next page"), nil,
                        "userlist: warning: users.json: more users on the next page")
            case .configuration:
                return (Diagnostic(.configuration, input: "config.toml", line: 4, "format: expected a string, got an integer"), .config,
                        "userlist: config.toml:4: format: expected a string, got an integer")
            case .runCheck:
                return (Diagnostic(.runCheck, option: "--min-users 11", "10 users matched, fewer than 11", hint: "users.csv left as it was"), .data,
                        "userlist: --min-users 11: 10 users matched, fewer than 11; users.csv left as it was")
            case .baseline:
                return (Diagnostic(.baseline, scope: "--baseline", input: "old.json", "a summary of a failed run, which counted no users"), .data,
                        "userlist: --baseline: old.json: a summary of a failed run, which counted no users")
            case .stage:
                return (Diagnostic(.stage, scope: "stage partial", input: "<stdin>", line: 2, "id \"7\" again: deduplicate by id before this stage (keep each id's smallest position)"), .data,
                        "userlist: stage partial: <stdin>:2: id \"7\" again: deduplicate by id before this stage (keep each id's smallest position)")
            case .damagedTemporaryFile:
                return (Diagnostic(.damagedTemporaryFile, input: "temporary file for sorting", "a run ends inside a record"), .output,
                        "userlist: temporary file for sorting: a run ends inside a record")
            case .inputChanged:
                return (Diagnostic(.inputChanged, at: at, "the record could not be read again"), .data,
                        "userlist: users.json:3:17: the record could not be read again")
            case .relayed:
                return (Diagnostic(.relayed, "users.json:3:17: expected a value"), .data,
                        "userlist: users.json:3:17: expected a value")
            }
        }

        @Test(arguments: problems)
        func rendersOneLineWithItsExitCode(problem: Diagnostic.Problem) {
            let (diagnostic, kind, line) = Self.example(problem)
            #expect(diagnostic.problem == problem)
            if let kind {
                let error = UserlistError(kind, diagnostic)
                #expect("userlist: \(error.message)" == line)
                #expect(error.exitCode == kind.rawValue)
                #expect(diagnostic.severity == .error)
            } else {
                #expect("userlist: warning: \(diagnostic.text)" == line)
                #expect(diagnostic.severity == .warning)
            }
            #expect(!line.contains("\n"))
        }

        @Test func everyExampleIsListed() {
            #expect(Self.problems.count == Self.caseCount)
            #expect(Set(Self.problems.map { "\($0)".prefix { $0 != "(" } }).count == Self.caseCount)
        }

        @Test(arguments: [
            (UserlistError.Kind.usage, Int32(64)), (.data, 65), (.noInput, 66), (.cantCreate, 73), (.output, 74), (.config, 78),
        ])
        func exitCodesAreTheContracts(kind: UserlistError.Kind, code: Int32) {
            #expect(UserlistError(kind, Diagnostic(.usage, "x")).exitCode == code)
        }

        /// A failed system call converts once: an output that can't be written is 74, one that
        /// can't be created or put in place 73, and the text is `subject: operation: reason`.
        @Test func systemErrorsConvertOnce() {
            let write = UserlistError.output(SystemError(SystemError.writeError, subject: "out.csv", code: 28))
            #expect(write.exitCode == 74)
            #expect(write.message == "out.csv: write error: No space left on device")
            let rename = UserlistError.output(SystemError("cannot rename into place", subject: "out.csv", code: 13), scope: "--summary")
            #expect(rename.exitCode == 73)
            #expect(rename.message == "--summary: out.csv: cannot rename into place: Permission denied")
            #expect(rename.diagnostic.problem == .unwritableOutput)
            let read = UserlistError(.noInput, SystemError("read error", subject: "in.json", code: 21))
            #expect(read.message == "in.json: read error: Is a directory")
            #expect(read.diagnostic.problem == .unreadableInput)
        }
    }
}
