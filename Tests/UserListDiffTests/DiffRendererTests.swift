import Foundation
import Testing
@testable import UserListRendering
import UserListDomain
@testable import UserListDiff

extension DiffTests {
    @Suite struct RendererTests {
        let harness = DiffHarness()

        private func sample() throws -> DiffResult {
            try harness.diff(
                old: [#"{"id":1,"name":"Zoë","email":"z@example.de","address":{"city":"München"}}"#, #"{"id":2,"name":"王芳"}"#],
                new: [#"{"id":3,"username":"ana"}"#, #"{"id":1,"name":"Zoë","email":"zoe@example.de","address":{"city":"Berlin"}}"#])
        }

        private func render(_ format: DiffFormat, maxWidth: Int? = nil) throws -> String {
            let output = OutputWriter()
            try format.renderer(maxTableWidth: maxWidth).render(try sample(), to: output)
            return output.text
        }

        @Test func ndjsonIsOneEntryPerLine() throws {
            #expect(try render(.ndjson) == """
                {"change":"added","id":"3","user":{"id":"3","name":null,"username":"ana","email":null,"avatarURL":null,"bio":null,"phone":null,"website":null,"address":null,"company":null}}
                {"change":"changed","id":"1","changes":{"email":{"old":"z@example.de","new":"zoe@example.de"},"address.city":{"old":"München","new":"Berlin"}}}
                {"change":"removed","id":"2","user":{"id":"2","name":"王芳","username":null,"email":null,"avatarURL":null,"bio":null,"phone":null,"website":null,"address":null,"company":null}}

                """)
        }

        @Test func jsonIsOneObjectWithTheCounts() throws {
            let text = try render(.json)
            #expect(text.hasPrefix(#"{"added":1,"removed":1,"changed":1,"differences":[{"change":"added","id":"3","#))
            #expect(text.hasSuffix("}}]}\n"))
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            #expect((object?["differences"] as? [Any])?.count == 3)
        }

        @Test func tableHasARowPerChangedFieldAndTheCountLine() throws {
            #expect(try render(.table) == """
                CHANGE   ID  NAME  FIELD         OLD           NEW
                added    3   ana
                changed  1   Zoë   email         z@example.de  zoe@example.de
                                   address.city  München       Berlin
                removed  2   王芳
                1 added · 1 removed · 1 changed

                """)
        }

        @Test func aNarrowTableShrinksNewThenOld() throws {
            // 61 columns wide: NEW gives up 6 to fit 55; at 49, OLD too, down to 8 each, then
            // FIELD (the values keep 8 while another column can give); at 30, all go down to 3.
            let lines = try render(.table, maxWidth: 55).split(separator: "\n")
            #expect(lines[2] == "changed  1   Zoë   email         z@example.de  zoe@exa…")
            #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 55 })
            let narrower = try render(.table, maxWidth: 49).split(separator: "\n")
            #expect(narrower[2] == "changed  1   Zoë   email       z@examp…  zoe@exa…")
            #expect(narrower[3] == "                   address.c…  München   Berlin")
            #expect(narrower.allSatisfy { DisplayWidth.of(String($0)) <= 49 })
            let narrowest = try render(.table, maxWidth: 30).split(separator: "\n")
            #expect(narrowest.map(String.init) == [
                "CHANGE  ID  NA…  FI…  OLD  NEW", "added   3   ana", "chang…  1   Zoë  em…  z@…  zo…",
                "                 ad…  Mü…  Be…", "remov…  2   王…", "1 added · 1 removed · 1 chang…",
            ])
        }

        @Test func anEmptyDiffIsTheCountLineOnly() throws {
            let output = OutputWriter()
            try DiffTableRenderer().render(try harness.diff(old: [#"{"id":1}"#], new: [#"{"id":1}"#]), to: output)
            #expect(output.text == "0 added · 0 removed · 0 changed\n")
            let json = OutputWriter()
            try DiffJSONRenderer().render(try harness.diff(old: [], new: []), to: json)
            #expect(json.text == #"{"added":0,"removed":0,"changed":0,"differences":[]}"# + "\n")
        }
    }
}
