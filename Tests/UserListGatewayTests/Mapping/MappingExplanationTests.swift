import Testing
import UserListDomain
@testable import UserListGateway
import UserListTestSupport

extension GatewayTests {
    /// ``MappingExplanation``: what `--explain` counts, fed directly and by a real read.
    @Suite struct MappingExplanationTests {
        private func groups(_ section: MappingExplanation.Section) -> [String] {
            section.groups.map { "\($0.input) \($0.path): \($0.documents) documents, \($0.records) records" }
        }

        private func sources(_ section: MappingExplanation.Section, _ field: CanonicalField) -> [String] {
            (section.sources[field] ?? []).map { "\($0.source) (\($0.records))" }
        }

        @Test func documentsOfTheSameInputShapeAndPathAreGroupedAndCounted() {
            let explanation = MappingExplanation()
            for records in [2, 3] {
                explanation.document(input: "a.ndjson", shape: "envelope", path: ".users")
                for _ in 0..<records { explanation.record(sources: [(.id, "id")]) }
            }
            explanation.document(input: "a.ndjson", shape: "envelope", path: ".data")
            explanation.record(sources: [])
            explanation.document(input: "b.json", shape: "envelope", path: ".data")
            #expect(explanation.sections.map(\.shape) == ["envelope"])
            #expect(groups(explanation.sections[0]) == [
                "a.ndjson .users: 2 documents, 5 records",
                "a.ndjson .data: 1 documents, 1 records",
                "b.json .data: 1 documents, 0 records",
            ])
        }

        @Test func differentShapesGetSectionsInTheOrderFirstSeen() {
            let explanation = MappingExplanation()
            explanation.document(input: "in", shape: "GitHub users", path: ".")
            explanation.record(sources: [(.username, "login")])
            explanation.document(input: "in", shape: "array of users", path: ".")
            explanation.record(sources: [(.username, "username")])
            explanation.document(input: "in", shape: "GitHub users", path: ".")
            explanation.record(sources: [(.username, "login")])
            #expect(explanation.sections.map(\.shape) == ["GitHub users", "array of users"])
            #expect(groups(explanation.sections[0]) == ["in .: 2 documents, 2 records"])
            #expect(sources(explanation.sections[0], .username) == ["login (2)"])
            #expect(sources(explanation.sections[1], .username) == ["username (1)"])
        }

        @Test func eachFieldsSourcesAreCountedInTheOrderFirstSeen() {
            let explanation = MappingExplanation()
            explanation.document(input: "in", shape: "s", path: ".")
            explanation.record(sources: [(.id, "id"), (.name, "displayName")])
            explanation.record(sources: [(.id, "id"), (.name, "first_name + last_name")])
            explanation.record(sources: [(.id, "uid"), (.name, "displayName")])
            explanation.record(sources: [(.id, "id")])
            let section = explanation.sections[0]
            #expect(sources(section, .id) == ["id (3)", "uid (1)"])
            #expect(sources(section, .name) == ["displayName (2)", "first_name + last_name (1)"])
            #expect(section.sources[.email] == nil)
            #expect(section.groups.first?.records == 4)
        }

        @Test func aReadFillsItPerShapeWithTheGeneralMappingsSources() throws {
            let dir = TemporaryDirectory()
            let path = dir.write("mixed.ndjson", """
                {"users":[{"id":1,"name":"Ann"},{"id":2,"displayName":"Bo","profile":{"email":"bo@x.org"}}],"total":2}
                {"users":[{"id":3,"name":"Cy"}],"total":1}
                [{"id":4,"first_name":"Di","last_name":"Ek"}]

                """)
            var gateway = UserGateway(inputs: [.file(path)])
            let explanation = MappingExplanation()
            gateway.explanation = explanation
            try gateway.readRecords { _ in }
            #expect(explanation.sections.map(\.shape) == ["envelope with a \"users\" array", "array of users"])
            #expect(groups(explanation.sections[0]) == ["\(path) .users: 2 documents, 3 records"])
            #expect(sources(explanation.sections[0], .name) == ["name (2)", "displayName (1)"])
            #expect(sources(explanation.sections[0], .email) == ["profile.email (1)"])
            #expect(sources(explanation.sections[1], .name) == ["first_name + last_name (1)"])
        }
    }
}
