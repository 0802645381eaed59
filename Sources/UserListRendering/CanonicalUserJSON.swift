@_spi(Pipeline) import UserListDomain

/// Writes a user as the contract's canonical user JSON (what `--where` sees): every key, in the
/// contract's order, `null` for what is missing, compact as `jq -c` prints it. The keys and their
/// nesting are the field table's (``CanonicalGroup/members``).
enum CanonicalUserJSON {
    static func write(_ user: User, to output: OutputWriter) {
        write(.user, of: user, to: output)
    }

    /// One object of the user: `null` when the user lacks it.
    private static func write(_ group: CanonicalGroup, of user: User, to output: OutputWriter) {
        guard user.has(group) else { return output.write("null") }
        var separator = UInt8(ascii: "{")
        for member in group.members {
            output.write(byte: separator)
            separator = UInt8(ascii: ",")
            output.write(byte: UInt8(ascii: "\""))
            output.write(member.key)
            output.write("\":")
            switch member {
            case .field(let field): JSONText.appendString(user.text(of: field), to: output)
            case .group(let nested): write(nested, of: user, to: output)
            }
        }
        output.write(byte: UInt8(ascii: "}"))
    }
}
