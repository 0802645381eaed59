import UserListDiff
import UserListDomain

/// `userlist diff --format json`: one line, the counts then the entries,
/// `{"added":1,"removed":0,"changed":2,"differences":[…]}`.
public struct DiffJSONRenderer: DiffRenderer {
    public init() {}

    public func render(_ result: DiffResult, to output: OutputWriter) throws(UserlistError) {
        output.write("{\"added\":")
        output.write(int: result.counts.added)
        output.write(",\"removed\":")
        output.write(int: result.counts.removed)
        output.write(",\"changed\":")
        output.write(int: result.counts.changed)
        output.write(",\"differences\":[")
        var first = true
        try result.forEachEntry { entry in
            if !first { output.write(",") }
            first = false
            DiffEntryJSON.write(entry, to: output)
        }
        output.write("]}\n")
    }
}
