import Testing
@testable import UserListRendering

extension Rendering {
    @Suite struct OutputFormatTests {
        @Test func rawValuesAreTheFlagSpellings() {
            #expect(OutputFormat.allCases.map(\.rawValue) == ["json", "ndjson", "table", "csv", "tsv", "markdown", "html"])
            #expect(OutputFormat(rawValue: "yaml") == nil)
        }

        @Test func eachFormatPicksItsRenderer() {
            #expect(OutputFormat.json.renderer(maxTableWidth: nil) is JSONListRenderer)
            #expect(OutputFormat.ndjson.renderer(maxTableWidth: nil) is NDJSONCellRenderer)
            #expect(OutputFormat.csv.renderer(maxTableWidth: 80) is CSVCellRenderer)
            let table = OutputFormat.table.renderer(maxTableWidth: 80) as? TableRenderer
            #expect(table?.maxWidth == 80)
            #expect(OutputFormat.markdown.renderer(maxTableWidth: nil) is MarkdownRenderer)
            let html = OutputFormat.html.renderer(maxTableWidth: nil, document: PageDocument(inputs: ["a.json"], generatedAt: 0), paged: true) as? HTMLRenderer
            #expect(html?.paged == true && html?.document.source == "a.json")
        }

        @Test func splitPagesFilesHaveTheFormatsExtension() {
            #expect(OutputFormat.allCases.map(\.fileExtension) == ["json", "ndjson", "txt", "csv", "tsv", "md", "html"])
        }
    }
}
