import UserListDomain

/// The objects of the canonical user as jq sees them: every key present, in the contract's
/// order, `null` where the source had nothing (the same value `CanonicalUserBuilder` gives libjq).
public enum CanonicalObject: Sendable {
    case user(User)
    case address(Address)
    case geo(Geo)
    case company(Company)

    static let userKeys = ["id", "name", "username", "email", "avatarURL", "bio", "phone", "website", "address", "company"]
    static let addressKeys = ["street", "suite", "city", "zipcode", "geo"]
    static let geoKeys = ["lat", "lng"]
    static let companyKeys = ["name", "catchPhrase", "bs"]

    var keys: [String] {
        switch self {
        case .user: Self.userKeys
        case .address: Self.addressKeys
        case .geo: Self.geoKeys
        case .company: Self.companyKeys
        }
    }

    /// The value under `key`, or nil when the object has no such key (jq then gives `null`).
    func value(forKey key: String) -> PredicateValue? {
        value(at: CanonicalKey(key))
    }

    /// The value under a key found once, when the program was compiled.
    func value(at key: CanonicalKey) -> PredicateValue? {
        switch self {
        case .user(let user):
            switch key.inUser {
            case 0: .string(user.id)
            case 1: PredicateValue(user.name)
            case 2: PredicateValue(user.username)
            case 3: PredicateValue(user.email)
            case 4: PredicateValue(user.avatarURL)
            case 5: PredicateValue(user.bio)
            case 6: PredicateValue(user.phone)
            case 7: PredicateValue(user.website)
            case 8: user.address.map { .object(.address($0)) } ?? .null
            case 9: user.company.map { .object(.company($0)) } ?? .null
            default: nil
            }
        case .address(let address):
            switch key.inAddress {
            case 0: PredicateValue(address.street)
            case 1: PredicateValue(address.suite)
            case 2: PredicateValue(address.city)
            case 3: PredicateValue(address.zipcode)
            case 4: address.geo.map { .object(.geo($0)) } ?? .null
            default: nil
            }
        case .geo(let geo):
            switch key.inGeo {
            case 0: PredicateValue(geo.lat)
            case 1: PredicateValue(geo.lng)
            default: nil
            }
        case .company(let company):
            switch key.inCompany {
            case 0: PredicateValue(company.name)
            case 1: PredicateValue(company.catchPhrase)
            case 2: PredicateValue(company.bs)
            default: nil
            }
        }
    }
}

/// A key's position in each of the canonical objects (-1: not a key of it), found by comparing
/// bytes, as libjq compares keys; a literal key is looked up once, when the program compiles
/// (looking it up per user was 3,000 instructions of `.address.city`).
struct CanonicalKey {
    let inUser: Int8, inAddress: Int8, inGeo: Int8, inCompany: Int8

    init(_ key: String) {
        func position(in keys: [String]) -> Int8 {
            Int8(keys.firstIndex { $0.utf8.elementsEqual(key.utf8) } ?? -1)
        }
        inUser = position(in: CanonicalObject.userKeys)
        inAddress = position(in: CanonicalObject.addressKeys)
        inGeo = position(in: CanonicalObject.geoKeys)
        inCompany = position(in: CanonicalObject.companyKeys)
    }
}
