@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
import UserListJQ
/// `--explain`: what detection found and how each canonical field was filled, as text for a person
/// deciding whether to trust a nightly job, with the first user as `--where` would see it.
///
/// Input names, paths and the payload's own keys are shown escaped (``TerminalText``), as the
/// table shows values: a key holding ESC or U+202E can't drive the terminal.
public struct ExplanationRenderer {
    public init() {}

    /// `whereEvaluation`: how `--where` runs, when there is one.
    /// `next`: where the next page is, as each input said, in the order they were read.
    public func render(_ explanation: MappingExplanation, report: LoadReport, firstUser: User?, whereEvaluation: String? = nil, next: [(input: String, next: NextPage?)] = [], stages: String? = nil, to output: OutputWriter) {
        var text = ""
        let width = CanonicalField.allCases.map(\.name.count).max()! + 2
        for (input, layout) in explanation.layouts {
            text += TerminalText.escaped("\(input): \(layout.rawValue) (\(layout.brokenRecordBound))") + "\n"
        }
        for section in explanation.sections {
            for group in section.groups {
                let documents = plural(group.documents, "document")
                let line = "\(group.input): \(section.shape), users at \(group.path) (\(documents), \(plural(group.records, "record")))"
                text += TerminalText.escaped(line) + "\n"
            }
            text += "\n" + "field".padding(to: width) + "source (records)\n"
            for field in CanonicalField.allCases {
                let sources = section.sources[field] ?? []
                let described = sources.isEmpty ? "(none)" : sources.map { "\($0.source) (\($0.records))" }.joined(separator: ", ")
                text += field.name.padding(to: width) + TerminalText.escaped(described) + "\n"
            }
            if section.leftOutCount > 0 {
                var listed = section.leftOut.map { "\($0.path) (\($0.reason))" }.joined(separator: ", ")
                if section.leftOutCount > section.leftOut.count { listed += ", … (\(section.leftOutCount) in all)" }
                text += "left out".padding(to: width) + TerminalText.escaped(listed) + "\n"
            }
            text += "\n"
        }
        if explanation.sections.isEmpty { text += "no documents\n\n" }

        text += summary(report) + "\n"
        if next.count == 1 {
            if let page = next[0].next { text += TerminalText.escaped("next page: \(page.value) (\(page.source))") + "\n" }
        } else if next.contains(where: { $0.next != nil }) {
            // Each input is a page of its own, maybe of different APIs: each says where its next
            // page is (--next and --summary give the last input's).
            for (input, page) in next {
                let said = page.map { "\($0.value) (\($0.source))" } ?? "none (the last page, or no paging)"
                text += TerminalText.escaped("next page of \(input): \(said)") + "\n"
            }
        }
        // The run's stages (`read → frame → … → render (csv)`): which are active, and where records stay keys.
        if let stages { text += "stages: " + stages + "\n" }
        if let whereEvaluation { text += TerminalText.escaped("--where runs \(whereEvaluation)") + "\n" }
        if let firstUser {
            // One line of JSON: its controls are escaped already; escaping C1 and bidi overrides too
            // (`\u0085`, `\u202e`) keeps it the same JSON value.
            text += "first user, as --where sees it:\n" + TerminalText.escaped(firstUser.jqValue().json()) + "\n"
        }
        output.write(text)
    }

    private func summary(_ report: LoadReport) -> String {
        var parts = [plural(report.usersLoaded, "user"), "\(report.skipped) skipped", plural(report.duplicates, "duplicate id")]
        if let (total, reasons) = report.excludedSummary {
            parts.append("\(total) left out (\(reasons))")
        }
        return plural(report.recordsRead, "record") + ": " + parts.joined(separator: ", ")
    }

    private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
