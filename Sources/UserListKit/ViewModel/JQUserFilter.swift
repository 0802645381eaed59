/// `--where EXPR`: keeps a user when the jq expression's first output, on the canonical user, is `true`.
///
/// No output, `false`, `null` or any other value drops the user; a runtime error drops it and is
/// thrown for the ViewModel to count. Outputs that are not booleans are counted too, since they
/// usually mean a mistake (`--where .name` instead of `--where '.name != null'`).
public final class JQUserFilter: UserFilter {
    private let program: JQProgram
    private var nonBoolean = 0
    private var firstNonBooleanKind: String?

    /// Compiles `expression`; a compile error is a usage error naming `--where`.
    public init(expression: String, variables: JQVariables = JQVariables()) throws(UserlistError) {
        do {
            program = try JQProgram(expression, variables: variables)
        } catch {
            throw UserlistError(.usage, "--where: \(error.message)")
        }
    }

    public func includes(_ user: User) throws -> Bool {
        guard let output = try program.first(user.jqValue()) else { return false }
        if output.isTrue { return true }
        if !output.isFalsy {
            nonBoolean += 1
            if firstNonBooleanKind == nil { firstNonBooleanKind = output.kindName }
        }
        return false
    }

    public func summary() -> String? {
        guard let kind = firstNonBooleanKind else { return nil }
        let users = nonBoolean == 1 ? "1 user" : "\(nonBoolean) users"
        return "--where gave a \(kind), not true or false, for \(users); only true keeps a user"
    }
}
