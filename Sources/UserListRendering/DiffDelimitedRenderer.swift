@_spi(Pipeline) import UserListDomain
import UserListDiff

/// `userlist diff --format csv|tsv`: one row per field that differs — `change,id,field,old,new` —
/// so a spreadsheet or Miller sees every value the json entries hold. A changed user is a row per
/// changed field; an added user a row per field it has (old empty), a removed one a row per field
/// it had (new empty). Rows follow the entries' order, fields the canonical user's.
public struct DiffDelimitedRenderer: DiffRenderer {
    public let separator: Separator

    public enum Separator: Sendable { case comma, tab }

    public init(separator: Separator) {
        self.separator = separator
    }

    public func render(_ result: DiffResult, to output: OutputWriter) throws(UserlistError) {
        writeRow(["change", "id", "field", "old", "new"], to: output)
        try result.forEachEntry { entry in
            switch entry.change {
            case .changed:
                for change in entry.changes {
                    writeRow([entry.change.rawValue, entry.id, change.field.name, change.old, change.new], to: output)
                }
            case .added, .removed:
                guard let user = entry.user else { return }
                for field in CanonicalField.allCases where field != .id {
                    guard let value = user.text(of: field) else { continue }
                    let added = entry.change == .added
                    writeRow([entry.change.rawValue, entry.id, field.name, added ? nil : value, added ? value : nil], to: output)
                }
            }
        }
    }

    private func writeRow(_ values: [String?], to output: OutputWriter) {
        for (index, value) in values.enumerated() {
            if index > 0 { output.write(byte: separator == .comma ? UInt8(ascii: ",") : UInt8(ascii: "\t")) }
            switch separator {
            case .comma: CSVCellRenderer.appendField(value, to: output)
            case .tab: TSVRenderer.appendField(value, to: output)
            }
        }
        output.write(byte: separator == .comma ? UInt8(ascii: "\r") : UInt8(ascii: "\n"))
        if separator == .comma { output.write(byte: UInt8(ascii: "\n")) }
    }
}
