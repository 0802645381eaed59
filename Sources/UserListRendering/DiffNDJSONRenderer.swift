import UserListDiff
import UserListDomain

/// `userlist diff --format ndjson`: one entry per line, in the result's order.
public struct DiffNDJSONRenderer: DiffRenderer {
    public init() {}

    public func render(_ result: DiffResult, to output: OutputWriter) throws(UserlistError) {
        try result.forEachEntry { entry in
            DiffEntryJSON.write(entry, to: output)
            output.write(byte: UInt8(ascii: "\n"))
        }
    }
}
