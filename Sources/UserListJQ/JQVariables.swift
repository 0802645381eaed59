import UserListDomain
import CJQ

/// `--arg NAME VALUE` and `--argjson NAME JSON`: the `$NAME` variables every jq expression sees.
///
/// As in jq, `$ARGS.named` holds them all as one object.
public struct JQVariables: Hashable, Sendable {
    /// Name → JSON text of the value.
    private var values: [(name: String, json: String)] = []

    public init() {}

    public static func == (lhs: JQVariables, rhs: JQVariables) -> Bool {
        lhs.values.elementsEqual(rhs.values) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        for (name, json) in values { hasher.combine(name); hasher.combine(json) }
    }

    public var isEmpty: Bool { values.isEmpty }

    /// `--arg`: the value is a string.
    public mutating func bind(_ name: String, string value: String) {
        values.append((name, JQValue.string(value).json()))
    }

    /// `--argjson`: the value is JSON; throws jq's message when it isn't.
    public mutating func bind(_ name: String, json text: String) throws(UserlistError) {
        switch JQValue.parse(text) {
        case .success(let value):
            values.append((name, value.json()))
        case .failure(let error):
            throw UserlistError(.usage, "--argjson \(name): invalid JSON text passed to --argjson (\(error.message))")
        }
    }

    /// The object libjq binds: `{name: value, ..., "ARGS": {"positional": [], "named": {...}}}`.
    package func object() -> JQValue {
        var object = JQValue.object()
        var named = JQValue.object()
        for (name, json) in values {
            guard case .success(let value) = JQValue.parse(json) else { continue }
            named.set(name, value.copy())
            object.set(name, value)
        }
        var arguments = JQValue.object()
        arguments.set("positional", .array())
        arguments.set("named", named)
        object.set("ARGS", arguments)
        return object
    }
}
