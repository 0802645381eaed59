import Foundation
import Testing
import UserListDomain
@testable import UserListGateway
import UserListTestSupport

extension GatewayTests {
    /// Input that stops the run: syntax errors with `file:line:col`, no users, files that can't be opened.
    @Suite struct UserGatewayErrorTests {
        let dir = TemporaryDirectory()

        @Test func syntaxErrorNamesFileLineColumnAndWhy() throws {
            let text = """
                [
                  {"id": 1, "name": "Ann"},
                  {"id": 2 "name": "Bob"}
                ]
                """
            let path = dir.write("users.json", text)
            let error = try #require(GatewayTests.readError(file: path))
            #expect(error.kind == .data)
            #expect(error.exitCode == 65)
            // Located where the bad record (the document) starts, with where the parser stopped.
            #expect(error.message == "\(path):1:1: expected ',' or '}' after an object member (parser stopped at 3:12)")
        }

        @Test(arguments: [nil, 64, 100])
        func badThirdLineOfNDJSON(chunkSize: Int?) throws {
            var lines = (1...6).map(GatewayTests.placeholderUser)
            lines[2] = #"{"id":3,"name":"User 3" "email":"x@example.com"}"#
            let text = lines.joined(separator: "\n") + "\n"
            let path = dir.write("users.ndjson", text)
            let error = try #require(GatewayTests.readError(file: path, chunkSize: chunkSize))
            #expect(error.kind == .data)
            #expect(error.message == "\(path):3:1: expected ',' or '}' after an object member (parser stopped at 3:25)")
        }

        @Test func badLineFarIntoAStreamWithTinyChunks() throws {
            var lines = (1...200).map(GatewayTests.placeholderUser)
            lines[149] = #"{"id":150,"name":"User 150",}"#
            let text = lines.joined(separator: "\n") + "\n"
            let path = dir.write("users.ndjson", text)
            let error = try #require(GatewayTests.readError(file: path, chunkSize: 64))
            #expect(error.message == "\(path):150:1: expected a string key (parser stopped at 150:29)")
        }

        @Test func errorAfterAMultiLineDocumentSpanningChunks() throws {
            let users = (1...20).map { "  " + GatewayTests.placeholderUser($0) }.joined(separator: ",\n")
            let text = "[\n\(users)\n]\n{\"id\": tru}\n"
            let path = dir.write("users.json", text)
            let (line, _) = GatewayTests.position(of: "tru}", in: text)
            let error = try #require(GatewayTests.readError(file: path, chunkSize: 64))
            #expect(line == 23)
            #expect(error.message.hasPrefix("\(path):\(line):"))
            #expect(error.message.hasSuffix("invalid literal (parser stopped at \(line):11)"))
        }

        @Test(arguments: [64, 4096])
        func syntaxErrorDeepInsideADocumentBiggerThanTheChunk(chunkSize: Int) throws {
            var lines = (1...200).map { "  " + GatewayTests.placeholderUser($0) + "," }
            lines[119] = #"  {"id":120,"name":"User 120" "email":"x"},"#
            lines[199].removeLast()
            let text = "[\n" + lines.joined(separator: "\n") + "\n]\n"
            let path = dir.write("big.json", text)
            let error = try #require(GatewayTests.readError(file: path, chunkSize: chunkSize))
            #expect(error.message == "\(path):1:1: expected ',' or '}' after an object member (parser stopped at 121:31)")
        }

        @Test func columnsAfterAByteOrderMarkCountFromTheMark() throws {
            let path = dir.write("bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"id":1 "x":2}"#.utf8))
            let error = try #require(GatewayTests.readError(file: path))
            #expect(error.message == "\(path):1:1: expected ',' or '}' after an object member (parser stopped at 1:9)")
        }

        @Test(arguments: [nil, 16])
        func truncatedInputIsUnexpectedEnd(chunkSize: Int?) throws {
            let path = dir.write("cut.json", #"[{"id":1,"name":"Ann"},{"id":2,"name":"Bo"#)
            let error = try #require(GatewayTests.readError(file: path, chunkSize: chunkSize))
            #expect(error.kind == .data)
            #expect(error.message.hasPrefix("\(path):1:"))
            #expect(error.message.contains("unexpected end of input"))
        }

        @Test func truncatedAfterCompleteDocuments() throws {
            let text = "{\"id\":1}\n{\"id\":2}\n{\"id\":3,\n"
            let path = dir.write("cut.ndjson", text)
            let error = try #require(GatewayTests.readError(file: path))
            // Line-delimited: the record is line 3, cut off where the input ends.
            #expect(error.message == "\(path):3:1: unexpected end of input: unclosed object (parser stopped at 3:9)")
        }

        @Test(arguments: [
            #"{"data":[{"id":1}]}"#,
            #"{"total":3}"#,
            "42",
            #""users""#,
            "null",
            "true",
        ])
        func documentWithoutUsersIsADataErrorMentioningJq(document: String) throws {
            let path = dir.write("other.json", "\n  " + document)
            let error = try #require(GatewayTests.readError(file: path))
            #expect(error.kind == .data)
            #expect(error.message.hasPrefix("\(path):2:3: no users in this document"))
            #expect(error.message.contains("--jq"))
        }

        @Test func envelopeWhoseUsersIsNotAnArrayHasNoUsers() throws {
            let path = dir.write("env.json", #"{"users":{"id":1},"total":1}"#)
            // Not the envelope shape, and not a user object either.
            let error = try #require(GatewayTests.readError(file: path))
            #expect(error.kind == .data)
            #expect(error.message.contains("--jq"))
        }

        @Test func missingFileIsNoInput() throws {
            let path = dir.path("does-not-exist.json")
            let error = try #require(GatewayTests.readError(file: path))
            #expect(error.kind == .noInput)
            #expect(error.exitCode == 66)
            #expect(error.message.hasPrefix("\(path): "))
            #expect(error.message.contains("No such file"))
        }

        @Test func directoryIsNoInput() throws {
            let error = try #require(GatewayTests.readError(file: dir.url.path))
            #expect(error.kind == .noInput)
            #expect(error.message.hasPrefix("\(dir.url.path): "))
            #expect(error.message.contains("directory"))
        }

        @Test(.enabled(if: getuid() != 0, "root can read any file"))
        func unreadableFileIsNoInput() throws {
            let path = dir.write("secret.json", "[]")
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
            let error = try #require(GatewayTests.readError(file: path))
            #expect(error.kind == .noInput)
        }

        @Test func errorInALaterInputStopsTheRunAfterEarlierUsers() throws {
            let good = dir.write("good.json", #"[{"id":1}]"#)
            let missing = dir.path("missing.json")
            var seen: [String] = []
            #expect(throws: UserlistError.self) {
                try UserGateway(inputs: [.file(good), .file(missing)]).readRecords { batch in
                    for case .user(let user) in batch.records { seen.append(user.id) }
                }
            }
            #expect(seen == ["1"])
        }

        @Test func consumerErrorStopsTheReadAndPropagates() throws {
            let path = dir.write("many.ndjson", (1...500).map(GatewayTests.placeholderUser).joined(separator: "\n"))
            // The consumer's own error, not the reader's: the reader stops at it and it comes out as thrown.
            let stop = UserlistError(.output, Diagnostic(.unwritableOutput, input: "out.csv", "write error: Broken pipe"))
            var batches = 0
            let error = try #require(throws: UserlistError.self) {
                try UserGateway(inputs: [.file(path)], chunkSize: 256).readRecords { _ throws(UserlistError) in
                    batches += 1
                    throw stop
                }
            }
            #expect(error == stop)
            #expect(batches == 1)
        }
    }
}
