/// What happened to a user between OLD and NEW; the raw values are the output's `change` names.
public enum DiffChange: String, Sendable, CaseIterable {
    case added, removed, changed
}
