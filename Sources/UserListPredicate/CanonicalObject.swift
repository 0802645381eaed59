import UserListDomain

/// One of the canonical user's objects as jq sees it: every key present, in the contract's order,
/// `null` where the source had nothing (the same value `CanonicalUserBuilder` gives libjq). The
/// keys and their nesting are the field table's (``CanonicalGroup/members``); values are read
/// from the user through the table's one reader (``User/text(of:)``).
public struct CanonicalObject: Sendable {
    let user: User
    let group: CanonicalGroup

    /// The user itself.
    static func user(_ user: User) -> CanonicalObject { CanonicalObject(user: user, group: .user) }

    /// How many keys the object has (jq's `length`).
    var keyCount: Int { group.members.count }

    /// The value under `key`, or nil when the object has no such key (jq then gives `null`).
    func value(forKey key: String) -> PredicateValue? {
        value(at: CanonicalKey(key))
    }

    /// The value under a key found once, when the program was compiled.
    func value(at key: CanonicalKey) -> PredicateValue? {
        let position = key.position(in: group)
        guard position >= 0 else { return nil }
        switch group.members[Int(position)] {
        case .field(let field): return PredicateValue(user.text(of: field))
        case .group(let nested): return user.has(nested) ? .object(CanonicalObject(user: user, group: nested)) : .null
        }
    }
}

/// A key's position in each of the canonical objects (-1: not a key of it), found by comparing
/// bytes, as libjq compares keys; a literal key is looked up once, when the program compiles
/// (looking it up per user was 3,000 instructions of `.address.city`).
struct CanonicalKey {
    private let inUser: Int8, inAddress: Int8, inGeo: Int8, inCompany: Int8

    init(_ key: String) {
        func position(in group: CanonicalGroup) -> Int8 {
            Int8(group.members.firstIndex { $0.key.utf8.elementsEqual(key.utf8) } ?? -1)
        }
        inUser = position(in: .user)
        inAddress = position(in: .address)
        inGeo = position(in: .geo)
        inCompany = position(in: .company)
    }

    func position(in group: CanonicalGroup) -> Int8 {
        switch group {
        case .user: inUser
        case .address: inAddress
        case .geo: inGeo
        case .company: inCompany
        }
    }
}
