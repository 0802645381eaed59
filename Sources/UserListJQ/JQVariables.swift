import UserListDomain
import CJQ
import UserListPlatform

/// `--arg NAME VALUE`, `--argjson NAME JSON`, `--rawfile NAME FILE`, `--slurpfile NAME FILE`: the
/// `$NAME` variables every jq expression sees; `--args`/`--jsonargs` values: `$ARGS.positional`.
///
/// As in jq, `$ARGS.named` holds the named ones as one object.
public struct JQVariables: Hashable, Sendable {
    /// Name → JSON text of the value.
    private var values: [(name: String, json: String)] = []
    /// `$ARGS.positional`, as JSON texts.
    private var positional: [String] = []

    public init() {}

    public static func == (lhs: JQVariables, rhs: JQVariables) -> Bool {
        lhs.values.elementsEqual(rhs.values) { $0 == $1 } && lhs.positional == rhs.positional
    }

    public func hash(into hasher: inout Hasher) {
        for (name, json) in values { hasher.combine(name); hasher.combine(json) }
        hasher.combine(positional)
    }

    public var isEmpty: Bool { values.isEmpty && positional.isEmpty }

    /// The named bindings in order, each value as JSON text.
    package var bindings: [(name: String, json: String)] { values }

    /// The bindings as one stable text (names and JSON values in order): the stages of a
    /// distributed run compare it to check they were all given the same variables.
    package var fingerprint: String {
        values.map { "\($0.name)=\($0.json)" }.joined(separator: "\u{1}") + "\u{2}" + positional.joined(separator: "\u{1}")
    }

    /// `--args`: one more positional string.
    public mutating func append(positional value: String) {
        positional.append(JQValue.string(value).json())
    }

    /// `--jsonargs`: one more positional JSON value; throws when it isn't JSON.
    public mutating func append(positionalJSON text: String) throws(UserlistError) {
        switch JQValue.parse(text) {
        case .success(let value): positional.append(value.json())
        case .failure(let error): throw UserlistError(.usage, Diagnostic(.usage, option: "--jsonargs", "invalid JSON text '\(text)' (\(error.message))"))
        }
    }

    /// `--rawfile`: the file's text as a string; `--slurpfile`: its JSON values as an array.
    /// `-` is standard input, as everywhere userlist takes a file (the caller sees that the
    /// inputs don't read it too).
    public mutating func bind(_ name: String, file path: String, slurp: Bool) throws(UserlistError) {
        let option = slurp ? "--slurpfile" : "--rawfile"
        let (source, shown) = path == "-" ? ("/dev/stdin", "<stdin>") : (path, path)
        do throws(SystemError) { try FileReading.checkReadable(source) } catch {
            throw UserlistError(.noInput, Diagnostic(.unreadableInput, input: shown, option: "\(option) \(name)", error.reason))
        }
        // Read here, not by libjq's jv_load_file, which reads to the end whatever the size:
        // `--rawfile x /dev/zero` grew until the allocator aborted the run (SIGABRT).
        let bytes: [UInt8]
        do throws(SystemError) { bytes = try Self.read(source, shown: shown, limit: Self.fileLimit) } catch {
            throw UserlistError(.noInput, Diagnostic(.unreadableInput, input: shown, option: "\(option) \(name)", error.reason))
        }
        guard bytes.count <= Self.fileLimit else {
            throw UserlistError(.data, Diagnostic(.unreadableInput, input: shown, option: "\(option) \(name)",
                                                  "is larger than \(Self.fileLimit >> 20) MiB: give it as an input instead, or --jq over it"))
        }
        let value = JQValue.fileValue(bytes, slurp: slurp)
        guard value.isValid else {
            throw UserlistError(slurp ? .data : .noInput, Diagnostic(slurp ? .syntax : .unreadableInput, scope: "\(option) \(name)", input: shown, value.invalidMessage ?? "cannot be read"))
        }
        values.append((name, value.json()))
    }

    /// The most a `--rawfile` or `--slurpfile` holds: a value jq keeps whole in memory, several
    /// times over as it is copied into each worker's bindings.
    static let fileLimit = 256 << 20

    /// Up to `limit` + 1 bytes of `path` (`/dev/stdin` for `-`): one more than the limit says it is past it.
    private static func read(_ path: String, shown: String, limit: Int) throws(SystemError) -> [UInt8] {
        let fd = try FileReading.openInput(path)
        defer { FileReading.closeInput(fd) }
        var bytes = [UInt8](repeating: 0, count: min(limit + 1, max(FileReading.regularFileSize(path) ?? 0, 1 << 16) + 1))
        var count = 0
        while count <= limit {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - count)) }
            let n = try FileReading.readAvailable(fd, into: &bytes, from: count, name: shown)
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return bytes
    }

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
            throw UserlistError(.usage, Diagnostic(.usage, option: "--argjson \(name)", "invalid JSON text passed to --argjson (\(error.message))"))
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
        var list = JQValue.array()
        for json in positional {
            if case .success(let value) = JQValue.parse(json) { list.append(value) }
        }
        arguments.set("positional", list)
        arguments.set("named", named)
        object.set("ARGS", arguments)
        return object
    }
}
