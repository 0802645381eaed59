/// The C builtins of libjq 1.6 (src/builtin.c) that native predicates run, each with jq's
/// result and jq's errors (as `.jqError`: libjq then runs the record and words the error).
extension PredicateEvaluator {
    /// Arguments are evaluated on the input, the last one outermost (`test("a","b"; "", "g")`
    /// tries `a` then `b` with `""`, then with `"g"`).
    func call(_ function: PredicateFunction, _ arguments: [PredicateNode], _ input: PredicateValue, _ emit: Emit) throws(PredicateFailure) -> Bool {
        switch arguments.count {
        case 0:
            return try emit(try apply(function, input))
        case 1:
            return try evaluate(arguments[0], input) { (a) throws(PredicateFailure) in
                try emit(try apply(function, input, a))
            }
        default:
            return try evaluate(arguments[1], input) { (b) throws(PredicateFailure) in
                try evaluate(arguments[0], input) { (a) throws(PredicateFailure) in
                    try emit(try apply(function, input, a, b))
                }
            }
        }
    }

    /// `first` and `second`: the arguments' values, as many as the function takes (no array per
    /// call: this runs once per user).
    func apply(_ function: PredicateFunction, _ input: PredicateValue, _ first: PredicateValue = .null, _ second: PredicateValue = .null) throws(PredicateFailure) -> PredicateValue {
        switch function {
        case .not: return .bool(!input.isTruthy)
        case .length: return try input.length()
        case .utf8bytelength:
            guard case .string(let text) = input else { throw .jqError }
            return .number(Double(text.utf8.count))
        case .type: return .string(input.typeName)
        case .tostring: return try input.asString()
        case .tonumber: return try input.asNumber()
        case .asciiDowncase: return try input.mappingASCII(from: 0x41...0x5A, by: 32)
        case .asciiUpcase: return try input.mappingASCII(from: 0x61...0x7A, by: -32)
        case .startswith, .endswith:
            guard case .string(let text) = input, case .string(let affix) = first else { throw .jqError }
            return .bool(function == .startswith ? text.utf8.starts(with: affix.utf8) : text.utf8.reversed().starts(with: affix.utf8.reversed()))
        case .ltrimstr, .rtrimstr:
            return input.trimming(first, fromStart: function == .ltrimstr)
        case .contains: return .bool(try input.contains(first))
        case .has: return try input.has(first)
        case .test: return try test(input, first, flags: second)
        case .testValue:
            // def test($val): if $val is a string: test($val; null); [re, flags]: test(re; flags);
            // [re]: test(re; null); anything else: an error.
            switch first {
            case .string: return try test(input, first, flags: .null)
            case .array(let pair) where pair.count > 1: return try test(input, pair[0], flags: pair[1])
            case .array(let pair) where pair.count == 1: return try test(input, pair[0], flags: .null)
            default: throw .jqError
            }
        }
    }

    /// `_match_impl(re; flags; true)`.
    private func test(_ input: PredicateValue, _ pattern: PredicateValue, flags: PredicateValue) throws(PredicateFailure) -> PredicateValue {
        guard case .string(let text) = input, case .string(let source) = pattern else { throw .jqError }
        let regex = try regexes.regex(source, flags: flags)
        return .bool(try regex.matches(text))
    }
}

extension PredicateValue {
    func length() throws(PredicateFailure) -> PredicateValue {
        switch self {
        case .null: .number(0)
        case .bool: throw .jqError  // boolean (true) has no length
        case .number(let value): .number(abs(value))
        case .string(let text): .number(Double(text.unicodeScalars.count))
        case .array(let elements): .number(Double(elements.count))
        case .object(let object): .number(Double(object.keyCount))
        }
    }

    /// `tostring` of what needs no number formatting.
    func asString() throws(PredicateFailure) -> PredicateValue {
        switch self {
        case .string: self
        case .null: .string("null")
        case .bool(let value): .string(value ? "true" : "false")
        default: throw .unsupported  // jq prints numbers with %.17g and its own trimming
        }
    }

    /// `tonumber` of a number, or of a string that is exactly a JSON number; jq also takes
    /// padding, `nan` and what its parser tolerates, so other strings are left to libjq.
    func asNumber() throws(PredicateFailure) -> PredicateValue {
        switch self {
        case .number: return self
        case .string(let text):
            guard Self.isJSONNumber(text), let value = Double(text) else { throw .unsupported }
            return .number(value)
        default: throw .jqError
        }
    }

    private static func isJSONNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits() == 0 { return false }
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }

    /// `ascii_downcase`/`ascii_upcase`: the letters in `range` moved by `offset`, nothing else.
    func mappingASCII(from range: ClosedRange<UInt8>, by offset: Int) throws(PredicateFailure) -> PredicateValue {
        guard case .string(let text) = self else { throw .jqError }  // explode input must be a string
        guard text.utf8.contains(where: { range.contains($0) }) else { return self }
        return .string(String(decoding: text.utf8.map { range.contains($0) ? UInt8(Int($0) + offset) : $0 }, as: UTF8.self))
    }

    /// `ltrimstr`/`rtrimstr`: the input without the affix when both are strings and it has it;
    /// the input as it was otherwise.
    func trimming(_ affix: PredicateValue, fromStart: Bool) -> PredicateValue {
        guard case .string(let text) = self, case .string(let part) = affix else { return self }
        let bytes = Array(text.utf8), cut = Array(part.utf8)
        guard cut.count <= bytes.count else { return self }
        if fromStart, bytes.starts(with: cut) {
            return .string(String(decoding: bytes[cut.count...], as: UTF8.self))
        }
        if !fromStart, bytes[(bytes.count - cut.count)...].elementsEqual(cut) {
            return .string(String(decoding: bytes[..<(bytes.count - cut.count)], as: UTF8.self))
        }
        return self
    }

    /// `contains`: the same kind or an error; strings by C's `strstr` (each ends at its first
    /// NUL, as in libjq 1.6), arrays by every element of `b` contained in one of ours.
    func contains(_ other: PredicateValue) throws(PredicateFailure) -> Bool {
        guard kindRank == other.kindRank else { throw .jqError }  // cannot have their containment checked
        switch (self, other) {
        case (.string(let a), .string(let b)):
            let haystack = Array(a.utf8.prefix { $0 != 0 }), needle = Array(b.utf8.prefix { $0 != 0 })
            if needle.isEmpty { return true }
            guard needle.count <= haystack.count else { return false }
            for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
                return true
            }
            return false
        case (.array(let a), .array(let b)):
            for wanted in b {
                var found = false
                for element in a where element.kindRank == wanted.kindRank {
                    if try element.contains(wanted) { found = true; break }
                }
                if !found { return false }
            }
            return true
        case (.object, .object):
            throw .unsupported
        default:
            return try equals(other)
        }
    }

    /// `has(key)`: false on null; an object's key; an array's position.
    func has(_ key: PredicateValue) throws(PredicateFailure) -> PredicateValue {
        switch (self, key) {
        case (.null, _):
            return .bool(false)
        case (.object(let object), .string(let name)):
            return .bool(object.value(forKey: name) != nil)
        case (.array(let elements), .number(let number)):
            guard number.isFinite, abs(number) < 2_147_483_648 else { throw .unsupported }  // jq casts to int
            let position = Int(number.rounded(.towardZero))
            return .bool(position >= 0 && position < elements.count)
        default:
            throw .jqError  // Cannot check whether ... has a ... key
        }
    }
}
