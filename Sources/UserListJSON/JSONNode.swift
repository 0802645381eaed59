import UserListPlatform

/// A read-only view of one value in a parsed document, read straight off simdjson's tape.
///
/// The tape is a flat array of 64-bit words: the top byte is the value's type (`{`, `[`, `"`, `l`
/// int64, `u` uint64, `d` double, `t`, `f`, `n`), the low 56 bits its payload. Containers store the
/// index just past their closing word in the low 32 bits; strings store an offset into the string
/// buffer, which holds a 32-bit length then the unescaped UTF-8 bytes. Numbers keep their value in
/// the following word. (simdjson's doc/tape.md; Debian's 3.0.1 is pinned by the package.)
///
/// Nodes borrow the parser's memory: they are valid only until the stream moves to the next document.
@_spi(Pipeline) public struct JSONNode {
    @_spi(Pipeline) public let tape: UnsafePointer<UInt64>
    @_spi(Pipeline) public let strings: UnsafePointer<UInt8>
    @_spi(Pipeline) public let index: Int

    @inline(__always) @inlinable @_spi(Pipeline) public var word: UInt64 { tape[index] }
    @inline(__always) @inlinable @_spi(Pipeline) public var typeByte: UInt8 { UInt8(truncatingIfNeeded: word >> 56) }

    @inlinable @_spi(Pipeline) public var kind: JSONKind {
        switch typeByte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "l"), UInt8(ascii: "u"), UInt8(ascii: "d"): .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        default: .null
        }
    }

    @inline(__always) @inlinable @_spi(Pipeline) public var isNull: Bool { typeByte == UInt8(ascii: "n") }

    /// Index of the node after this value (and all it contains).
    @inline(__always) @inlinable @_spi(Pipeline) public var nextIndex: Int {
        switch typeByte {
        case UInt8(ascii: "{"), UInt8(ascii: "["): Int(UInt32(truncatingIfNeeded: word))
        case UInt8(ascii: "l"), UInt8(ascii: "u"), UInt8(ascii: "d"): index + 2
        default: index + 1
        }
    }

    @inline(__always) @_spi(Pipeline) public func node(at i: Int) -> JSONNode { JSONNode(tape: tape, strings: strings, index: i) }

    // MARK: Scalars

    /// The string's UTF-8 bytes, if this is a string.
    @inline(__always) @inlinable @_spi(Pipeline) public var stringBytes: UnsafeBufferPointer<UInt8>? {
        guard typeByte == UInt8(ascii: "\"") else { return nil }
        let offset = Int(word & 0x00FF_FFFF_FFFF_FFFF)
        let count = UnsafeRawPointer(strings + offset).loadUnaligned(as: UInt32.self)
        return UnsafeBufferPointer(start: strings + offset + 4, count: Int(UInt32(littleEndian: count)))
    }

    @inlinable @_spi(Pipeline) public var string: String? {
        guard let bytes = stringBytes else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @inlinable @_spi(Pipeline) public var bool: Bool? {
        switch typeByte {
        case UInt8(ascii: "t"): true
        case UInt8(ascii: "f"): false
        default: nil
        }
    }

    /// A number as the exact value simdjson parsed.
    @inlinable @_spi(Pipeline) public var number: JSONNumber? {
        let payload = tape[index + 1]
        switch typeByte {
        case UInt8(ascii: "l"): return .int(Int64(bitPattern: payload))
        case UInt8(ascii: "u"): return .uint(payload)
        case UInt8(ascii: "d"): return .double(Double(bitPattern: payload))
        default: return nil
        }
    }

    // MARK: Containers

    /// Number of fields or elements (simdjson saturates the count at 2^24 - 1).
    @inlinable @_spi(Pipeline) public var count: Int { Int((word >> 32) & 0xFF_FFFF) }

    /// Calls `body` with each field's key bytes and value, in document order.
    @inline(__always)
    @inlinable @_spi(Pipeline) public func forEachField<E: Error>(_ body: (UnsafeBufferPointer<UInt8>, JSONNode) throws(E) -> Void) throws(E) {
        guard typeByte == UInt8(ascii: "{") else { return }
        let end = nextIndex - 1
        var i = index + 1
        while i < end {
            let key = node(at: i)
            let value = node(at: i + 1)
            try body(key.stringBytes!, value)
            i = value.nextIndex
        }
    }

    /// The fields as a sequence of (key bytes, value), in document order: for loops that return
    /// early or keep their state in local variables (a closure's captures can't be moved out).
    @inlinable @_spi(Pipeline) public var members: Members { Members(object: self) }

    /// An object's fields (none for anything else); see ``members``.
    @_spi(Pipeline) public struct Members: Sequence, IteratorProtocol {
        @usableFromInline let object: JSONNode
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @inlinable init(object: JSONNode) {
            self.object = object
            let isObject = object.typeByte == UInt8(ascii: "{")
            position = object.index + 1
            end = isObject ? object.nextIndex - 1 : position
        }

        @inline(__always)
        @inlinable public mutating func next() -> (key: UnsafeBufferPointer<UInt8>, value: JSONNode)? {
            guard position < end else { return nil }
            let key = object.node(at: position).stringBytes!
            let value = object.node(at: position + 1)
            position = value.nextIndex
            return (key, value)
        }
    }

    /// Calls `body` with each element, in order.
    @inline(__always)
    @inlinable @_spi(Pipeline) public func forEachElement<E: Error>(_ body: (JSONNode) throws(E) -> Void) throws(E) {
        guard typeByte == UInt8(ascii: "[") else { return }
        let end = nextIndex - 1
        var i = index + 1
        while i < end {
            let element = node(at: i)
            try body(element)
            i = element.nextIndex
        }
    }

    /// The value at `path` (keys compared byte for byte; negative indices count from the end), or nil.
    @inlinable @_spi(Pipeline) public func value(at path: [JSONPathComponent]) -> JSONNode? {
        var node = self
        for component in path {
            switch component {
            case .key(let key):
                guard let next = node.field(bytes: Array(key.utf8)) else { return nil }
                node = next
            case .index(let index):
                let elements = node.elements(upTo: .max)
                let position = index < 0 ? elements.count + index : index
                guard elements.indices.contains(position) else { return nil }
                node = elements[position]
            }
        }
        return node
    }

    /// The value of the field whose key has these bytes (the last one, as jq reads duplicates).
    @inlinable @_spi(Pipeline) public func field(bytes key: [UInt8]) -> JSONNode? {
        var found: JSONNode?
        forEachField { name, value in
            if name.elementsEqual(key) { found = value }
        }
        return found
    }

    /// The first `limit` elements of an array (none for anything else).
    @inlinable @_spi(Pipeline) public func elements(upTo limit: Int) -> [JSONNode] {
        var elements: [JSONNode] = []
        forEachElement { if elements.count < limit { elements.append($0) } }
        return elements
    }

    /// Whether the object has a field named `key`. It stops at the first one, where
    /// ``field(_:)`` reads on to the last (duplicates): shape detection asks this of every
    /// NDJSON line (`id`, `login`), and the full walks cost 23.7M instructions of 1.32G on 50k users.
    @inlinable @_spi(Pipeline) public func hasField(_ key: StaticString) -> Bool {
        guard typeByte == UInt8(ascii: "{") else { return false }
        let end = nextIndex - 1
        var i = index + 1
        while i < end {
            if node(at: i).stringBytes!.equals(key) { return true }
            i = node(at: i + 1).nextIndex
        }
        return false
    }

    /// The value of the field named `key`; with duplicate keys the last one wins, as in jq and
    /// as the DTO decoders read them.
    @inlinable @_spi(Pipeline) public func field(_ key: StaticString) -> JSONNode? {
        var found: JSONNode?
        forEachField { name, value in
            if name.equals(key) { found = value }
        }
        return found
    }
}

/// The JSON types, as jq names them in its messages.
@_spi(Pipeline) public enum JSONKind: String {
    case object, array, string, number, bool = "boolean", null
}

/// A JSON number without loss: 64-bit integers stay exact.
@_spi(Pipeline) public enum JSONNumber: Hashable {
    case int(Int64)
    case uint(UInt64)
    case double(Double)

    /// The number as an `Int`, when it is a whole number that fits (page counts, offsets).
    @inlinable @_spi(Pipeline) public var integer: Int? {
        switch self {
        case .int(let v): Int(exactly: v)
        case .uint(let v): Int(exactly: v)
        case .double(let v): Int(exactly: v)
        }
    }

    /// The number as jq prints it: integers without a fraction, `1.0` as `1`.
    @inlinable @_spi(Pipeline) public var text: String {
        switch self {
        case .int(let v): return String(v)
        case .uint(let v): return String(v)
        case .double(let v):
            if v.rounded() == v, abs(v) < 1e17 { return String(Int64(v)) }
            return String(v)
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Byte equality with a literal key, length first so most mismatches cost one compare.
    /// The literal's length, not `count`, goes to `memcmp`: a constant once inlined, so the
    /// compiler compares a few words in place instead of calling it (17M instructions of 1.05G
    /// on 50k users were in calls to `memcmp`).
    @inline(__always)
    @inlinable @_spi(Pipeline) public func equals(_ key: StaticString) -> Bool {
        guard count == key.utf8CodeUnitCount else { return false }
        guard let base = baseAddress else { return count == 0 }
        return Memory.compare(base, key.utf8Start, key.utf8CodeUnitCount) == 0
    }
}

extension UInt8 {
    /// Space, tab, line feed or carriage return: the white space JSON allows between values.
    @inlinable @_spi(Pipeline) public var isJSONWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
