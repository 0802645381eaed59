import UserListJQ

/// Whether a jq expression compiles, for a config file's `where`, `jq` and `jq-out` of a profile
/// the run doesn't use: a typo there is found the day it is made, not the night it is used.
public enum JQExpressionCheck {
    /// libjq's message when `expression` doesn't compile; nil when it does, or when only its
    /// variables are unknown here (`$name` comes from a run's `--arg`).
    public static func problem(in expression: String) -> String? {
        do {
            _ = try JQProgram(expression)
            return nil
        } catch {
            return error.message.contains("is not defined") ? nil : error.message
        }
    }
}
