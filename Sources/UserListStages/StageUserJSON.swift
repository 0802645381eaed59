import UserListKit
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListJSON
import UserListRendering

/// A user as stages hand it on: compact JSON of the fields the map stage built (the others are
/// left out, so they stay nil), and, when `--where` failed on it in the map stage, where it was
/// read (`"@"`: input index, line, column, and with `--rejects` or `--max-rejects` its path in
/// its document) and the error (`"!"`: the message), for the partial stage to report if this
/// occurrence is its id's first. Decoding gives back exactly the `User` that was encoded: the
/// same strings, and an address, geo or company present or absent as it was.
enum StageUserJSON {
    /// A decoded user line: the user, and where `--where` failed on it and why (both nil when it did not).
    struct Decoded {
        var user: User
        var place: Place?
        var failure: String?
    }

    /// Where a user was read, for a `--where` error's message; and its path in its document
    /// (`.`, `.users[3]`), for its line in the rejects file, when the run keeps rejects.
    struct Place: Sendable {
        var input: Int
        var line: Int
        var column: Int
        var path: String?
    }

    static func append(_ user: User, place: Place?, failure: String? = nil, to output: OutputWriter) {
        var object = Members(output)
        appendMembers(of: .user, from: user, to: &object)
        if let place {
            object.key(Self.placeKey)
            output.write(byte: UInt8(ascii: "["))
            output.write(int: place.input)
            output.write(byte: UInt8(ascii: ","))
            output.write(int: place.line)
            output.write(byte: UInt8(ascii: ","))
            output.write(int: place.column)
            if let path = place.path {
                output.write(byte: UInt8(ascii: ","))
                JSONText.appendString(path, to: output)
            }
            output.write(byte: UInt8(ascii: "]"))
        }
        if let failure {
            object.key(Self.failureKey)
            JSONText.appendString(failure, to: output)
        }
        object.close()
    }

    /// The members of the user's object `group`, in the table's order (``CanonicalGroup/members``):
    /// its fields that are not nil, and each nested object the user has, however empty.
    private static func appendMembers(of group: CanonicalGroup, from user: User, to object: inout Members) {
        for member in ObjectLayout.of(group).members {
            switch member.kind {
            case .field(let field):
                object.member(member.key, user.text(of: field))
            case .group(let nested):
                guard user.has(nested) else { continue }
                object.key(member.key)
                var members = Members(object.output)
                appendMembers(of: nested, from: user, to: &members)
                members.close()
            }
        }
    }

    /// The key of a user's place, after its fields, and of `--where`'s error on it, last.
    private static let placeKey = Array("@".utf8)
    private static let failureKey = Array("!".utf8)

    /// One object of the canonical user as this format writes it: its members (``CanonicalGroup/members``)
    /// with their keys' bytes, made once from the table (a member's `key` is a new `String` each
    /// time it is asked for).
    private struct ObjectLayout: Sendable {
        struct Member: Sendable {
            let kind: CanonicalMember
            let key: [UInt8]
        }

        let members: [Member]

        init(_ group: CanonicalGroup) {
            members = group.members.map { Member(kind: $0, key: Array($0.key.utf8)) }
        }

        static let user = ObjectLayout(.user)
        static let address = ObjectLayout(.address)
        static let geo = ObjectLayout(.geo)
        static let company = ObjectLayout(.company)

        static func of(_ group: CanonicalGroup) -> ObjectLayout {
            switch group {
            case .user: user
            case .address: address
            case .geo: geo
            case .company: company
            }
        }

        /// The member whose key is `key`, if any.
        func member(_ key: UnsafeBufferPointer<UInt8>) -> CanonicalMember? {
            members.first { $0.key.count == key.count && $0.key.elementsEqual(key) }?.kind
        }
    }

    /// Writes an object's members, leaving out nil values.
    private struct Members {
        let output: OutputWriter
        var first = true

        init(_ output: OutputWriter) {
            self.output = output
            output.write(byte: UInt8(ascii: "{"))
        }

        mutating func key(_ key: [UInt8]) {
            output.write(first ? "\"" : ",\"")
            first = false
            key.withUnsafeBytes { output.write($0) }
            output.write("\":")
        }

        mutating func member(_ key: [UInt8], _ value: String?) {
            guard let value else { return }
            self.key(key)
            JSONText.appendString(value, to: output)
        }

        func close() { output.write(byte: UInt8(ascii: "}")) }
    }

    /// The user, place and failure in `node`; nil when it is not what ``append(_:place:failure:to:)`` writes.
    static func decode(_ node: JSONNode) -> Decoded? {
        guard node.kind == .object else { return nil }
        var id: String?
        var user = User(id: "")
        var place: Place?
        var failure: String?
        var valid = true
        node.forEachField { key, value in
            if key.equals("!") {
                failure = value.string
                if failure == nil { valid = false }
                return
            }
            if key.equals("@") {
                let elements = value.elements(upTo: 5)
                let numbers = elements.prefix(3).compactMap { $0.number?.integer }
                let path = elements.count == 4 ? elements[3].string : nil
                if numbers.count == 3, elements.count == 3 || path != nil {
                    place = Place(input: numbers[0], line: numbers[1], column: numbers[2], path: path)
                } else {
                    valid = false
                }
                return
            }
            switch ObjectLayout.user.member(key) {
            case .field(.id): id = value.string
            case .field(let field): user.setText(value.string, of: field)
            case .group(let group): decodeObject(group, value, into: &user)
            case nil: valid = false
            }
        }
        guard valid, let id else { return nil }
        user.id = id
        return Decoded(user: user, place: place, failure: failure)
    }

    /// Gives the user a new, empty object `group` (replacing one it had) with the fields `node`
    /// holds; keys of no member are passed over, as in every object below the user.
    private static func decodeObject(_ group: CanonicalGroup, _ node: JSONNode, into user: inout User) {
        user.setEmpty(group)
        let layout = ObjectLayout.of(group)
        node.forEachField { key, value in
            switch layout.member(key) {
            case .field(let field): user.setText(value.string, of: field)
            case .group(let nested): decodeObject(nested, value, into: &user)
            case nil: break
            }
        }
    }
}
