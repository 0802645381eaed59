import UserListDomain
import CJQ

/// One owned libjq value (`jv`): the only place that handles `jv` ownership.
///
/// libjq 1.6's rules, which this type encodes so no other code has to:
/// - A `jv` is a reference-counted handle. Every `jv_*` function *consumes* (frees) the `jv`
///   arguments it is given, unless it is one of the few that only *borrow*: `jv_get_kind`,
///   `jv_is_valid`, `jv_number_value`, `jv_string_value` (pointer valid while the value lives),
///   `jv_object_iter*`, `jv_get_refcnt`.
/// - `jv_copy` returns a new reference to the same value; `jv_free` drops one.
/// - `jq_start` consumes its input; `jq_next` returns an owned output.
///
/// `JQValue` is non-copyable: it frees its `jv` exactly once, in `deinit`. Passing it to a
/// consuming libjq call goes through ``release()``, which gives up ownership without freeing.
package struct JQValue: ~Copyable {
    private(set) var raw: jv

    /// Takes ownership of `raw` (the caller must not free it).
    package init(owning raw: jv) { self.raw = raw }

    deinit { jv_free(raw) }

    /// Gives up ownership, for a libjq call that consumes its argument.
    package consuming func release() -> jv {
        let raw = self.raw
        discard self
        return raw
    }

    /// A second owned reference to the same value.
    package func copy() -> JQValue { JQValue(owning: jv_copy(raw)) }

    // MARK: Building

    package static var null: JQValue { JQValue(owning: jv_null()) }
    package static func bool(_ value: Bool) -> JQValue { JQValue(owning: value ? jv_true() : jv_false()) }
    package static func number(_ value: Double) -> JQValue { JQValue(owning: jv_number(value)) }
    package static func object() -> JQValue { JQValue(owning: jv_object()) }
    package static func array() -> JQValue { JQValue(owning: jv_array()) }

    package static func string(_ text: String) -> JQValue {
        var text = text
        // withUTF8 can't return a non-copyable value: build the raw jv inside, own it outside.
        let raw: jv = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return jv_string("") }
            return jv_string_sized(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(bytes.count))
        }
        return JQValue(owning: raw)
    }

    package static func string(_ text: String?) -> JQValue { text.map { string($0) } ?? .null }

    /// Sets `key` (consumes `value`).
    package mutating func set(_ key: String, _ value: consuming JQValue) {
        raw = jv_object_set(raw, JQValue.string(key).release(), value.release())
    }

    /// Sets the field named by the string `key`, which is only borrowed (consumes `value`).
    package mutating func set(_ key: borrowing JQValue, _ value: consuming JQValue) {
        raw = jv_object_set(raw, jv_copy(key.raw), value.release())
    }

    /// Appends to an array (consumes `value`).
    package mutating func append(_ value: consuming JQValue) {
        raw = jv_array_append(raw, value.release())
    }

    /// Parses JSON text; nil with libjq's message when it isn't JSON.
    package static func parse(_ text: String) -> Result<JQValue, JQError> {
        let value = JQValue(owning: jv_parse(text))
        if value.kind == JV_KIND_INVALID { return .failure(JQError(message: value.invalidMessage ?? "invalid JSON")) }
        return .success(value)
    }

    /// A `--rawfile`'s text as a string (bytes that aren't UTF-8 replaced, as jq does), or a
    /// `--slurpfile`'s JSON values as an array (invalid, with libjq's message, when one isn't
    /// JSON) — what libjq's `jv_load_file` makes, from bytes already read.
    package static func fileValue(_ bytes: [UInt8], slurp: Bool) -> JQValue {
        JQValue(owning: bytes.withUnsafeBufferPointer { buffer -> jv in
            let base = buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            guard let base, !buffer.isEmpty else { return slurp ? jv_array() : jv_string("") }
            guard slurp else { return jv_string_sized(base, Int32(buffer.count)) }
            var values = jv_array()
            let parser = jv_parser_new(0)
            defer { jv_parser_free(parser) }
            jv_parser_set_buf(parser, base, Int32(buffer.count), 0)
            while true {
                let value = jv_parser_next(parser)
                if jv_get_kind(value) != JV_KIND_INVALID {
                    values = jv_array_append(values, value)
                    continue
                }
                if jv_invalid_has_msg(jv_copy(value)) != 0 {
                    jv_free(values)
                    return value
                }
                jv_free(value)
                return values
            }
        })
    }

    // MARK: Reading (borrowing)

    package var kind: jv_kind { jv_get_kind(raw) }
    package var isValid: Bool { kind != JV_KIND_INVALID }
    package var isTrue: Bool { kind == JV_KIND_TRUE }
    package var isString: Bool { kind == JV_KIND_STRING }
    /// `false` or `null`: jq's falsy values.
    package var isFalsy: Bool { kind == JV_KIND_FALSE || kind == JV_KIND_NULL }

    /// Whether this is the only reference to the value, so libjq changes it in place (values that
    /// are not reference-counted, null, booleans and numbers, always are).
    package var isUniquelyReferenced: Bool { jv_get_refcnt(raw) == 1 }

    /// The kind's name as jq says it (`string`, `object`, …).
    package var kindName: String { String(cString: jv_kind_name(kind)) }

    /// For an invalid value (a jq error): its message as text, or nil for a plain end of output.
    package var invalidMessage: String? {
        guard kind == JV_KIND_INVALID, jv_invalid_has_msg(jv_copy(raw)) != 0 else { return nil }
        let message = JQValue(owning: jv_invalid_get_msg(jv_copy(raw)))
        if message.kind == JV_KIND_STRING { return Self.text(ofString: message.raw) }
        return message.json()
    }

    /// As `jq -r` prints it: a string's own text, anything else compact JSON.
    package func rawText() -> String {
        kind == JV_KIND_STRING ? Self.text(ofString: raw) : json()
    }

    /// A jq string's bytes, all of them: it may hold NUL (`"a\u0000b"`), where a C string ends
    /// (found by the jq fuzzer: `-r` printed `a`).
    private static func text(ofString value: jv) -> String {
        let bytes = UnsafeRawPointer(jv_string_value(value)!).assumingMemoryBound(to: UInt8.self)
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(jv_string_length_bytes(jv_copy(value)))), as: UTF8.self)
    }

    /// Compact JSON text, as `jq -c` prints it — at any depth: libjq 1.6 prints containers
    /// nested deeper than 256 as `<stripped: exceeds max depth>` (not JSON), so such a value is
    /// written container by container here, with libjq printing only the scalars.
    package func json() -> String {
        let text = JQValue(owning: jv_dump_string(jv_copy(raw), 0))
        let dumped = String(cString: jv_string_value(text.raw))
        guard dumped.contains(Self.strippedMarker) else { return dumped }
        var out = ""
        appendJSON(raw, to: &out)
        return out
    }

    private static let strippedMarker = "<stripped: exceeds max depth>"

    private func appendJSON(_ value: jv, to out: inout String) {
        switch jv_get_kind(value) {
        case JV_KIND_ARRAY:
            out += "["
            let count = jv_array_length(jv_copy(value))
            for index in 0..<count {
                if index > 0 { out += "," }
                let element = jv_array_get(jv_copy(value), index)
                appendJSON(element, to: &out)
                jv_free(element)
            }
            out += "]"
        case JV_KIND_OBJECT:
            out += "{"
            var first = true
            var iterator = jv_object_iter(value)
            while jv_object_iter_valid(value, iterator) != 0 {
                if !first { out += "," }
                first = false
                let key = jv_object_iter_key(value, iterator)
                appendJSON(key, to: &out)
                jv_free(key)
                out += ":"
                let element = jv_object_iter_value(value, iterator)
                appendJSON(element, to: &out)
                jv_free(element)
                iterator = jv_object_iter_next(value, iterator)
            }
            out += "}"
        default:
            let text = JQValue(owning: jv_dump_string(jv_copy(value), 0))
            out += String(cString: jv_string_value(text.raw))
        }
    }
}

/// A message from libjq: a compile error or a runtime error. Public as the error a `--where`
/// filter throws (``UserFilter``), this module's own typed error; layers above turn it into a
/// ``UserlistError`` naming their option, once.
public struct JQError: Error, Hashable, CustomStringConvertible {
    package var message: String
    public var description: String { message }

    package init(message: String) { self.message = message }

    /// How a `halt` or `halt_error` is worded (``JQProgram``): they end the program, and no
    /// `try` or `?` catches them, so a message that begins so wants another hint.
    package static let haltPrefixes = ["halt was called", "halt_error: "]

    /// Whether `message` is a `halt`'s or `halt_error`'s.
    package static func isHalt(_ message: String) -> Bool { haltPrefixes.contains { message.hasPrefix($0) } }
}
