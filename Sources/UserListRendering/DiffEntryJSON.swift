import UserListDiff

/// One diff entry as a JSON object, for `ndjson` (a line each) and `json` (the `differences`
/// array): `{"change":"added","id":…,"user":{…}}`, `{"change":"removed",…,"user":{…}}` (the
/// canonical user), `{"change":"changed","id":…,"changes":{"email":{"old":…,"new":…},…}}`.
enum DiffEntryJSON {
    static func write(_ entry: DiffEntry, to output: OutputWriter) {
        output.write("{\"change\":\"")
        output.write(entry.change.rawValue)
        output.write("\",\"id\":")
        JSONText.appendString(entry.id, to: output)
        switch entry.change {
        case .added, .removed:
            output.write(",\"user\":")
            if let user = entry.user { CanonicalUserJSON.write(user, to: output) } else { output.write("null") }
        case .changed:
            output.write(",\"changes\":{")
            for (index, change) in entry.changes.enumerated() {
                if index > 0 { output.write(",") }
                JSONText.appendString(change.field.name, to: output)
                output.write(":{\"old\":")
                JSONText.appendString(change.old, to: output)
                output.write(",\"new\":")
                JSONText.appendString(change.new, to: output)
                output.write("}")
            }
            output.write("}")
        }
        output.write("}")
    }
}
