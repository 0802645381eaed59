import UserListDomain
/// Builds the contract's canonical user as a jq value, directly (no JSON text in between).
///
/// Every key is present, in the contract's order; what the source lacks is `null`. Keys and
/// empty objects are made once as templates, so no key is allocated or hashed per user and no
/// table grows; a caller evaluating many users can reuse one value and overwrite it in place
/// (``fill(_:_:_:_:from:)``). libjq's reference counts are not atomic: use one builder per thread.
///
/// A builder made for some ``Fields`` builds only those: every key is still there, in order, but
/// the others stay `null` (see ``JQFieldUsage`` for when that is safe). A built field is set for
/// every user, so a reused value never shows the previous user's data.
package final class CanonicalUserBuilder {
    private let user = CanonicalUserBuilder.template(["id", "name", "username", "email", "avatarURL", "bio", "phone", "website", "address", "company"])
    private let address = CanonicalUserBuilder.template(["street", "suite", "city", "zipcode", "geo"])
    private let geo = CanonicalUserBuilder.template(["lat", "lng"])
    private let company = CanonicalUserBuilder.template(["name", "catchPhrase", "bs"])

    private let id = JQValue.string("id"), name = JQValue.string("name"), username = JQValue.string("username")
    private let email = JQValue.string("email"), avatarURL = JQValue.string("avatarURL"), bio = JQValue.string("bio")
    private let phone = JQValue.string("phone"), website = JQValue.string("website")
    private let addressKey = JQValue.string("address"), companyKey = JQValue.string("company")
    private let street = JQValue.string("street"), suite = JQValue.string("suite"), city = JQValue.string("city")
    private let zipcode = JQValue.string("zipcode"), geoKey = JQValue.string("geo")
    private let lat = JQValue.string("lat"), lng = JQValue.string("lng")
    private let catchPhrase = JQValue.string("catchPhrase"), bs = JQValue.string("bs")

    /// The fields this builder sets; the others stay `null`.
    package let fields: Fields

    package init(fields: Fields = .all) {
        self.fields = fields
    }

    /// A new canonical user value (a copy of the templates, filled in).
    package func build(_ source: User) -> JQValue {
        var object = user.copy()
        var address = self.address.copy()
        var geo = self.geo.copy()
        var company = self.company.copy()
        fill(&object, &address, &geo, &company, from: source)
        return object
    }

    /// Sets this builder's ``fields`` of `object` (and of the nested objects, which are detached
    /// from it while they change) from `source`. When the caller holds the only references, libjq
    /// changes the objects in place: nothing is copied and no table is built per user.
    package func fill(_ object: inout JQValue, _ address: inout JQValue, _ geo: inout JQValue, _ company: inout JQValue, from source: User) {
        let fields = self.fields
        if fields.contains(.id) { object.set(id, .string(source.id)) }
        if fields.contains(.name) { object.set(name, .string(source.name)) }
        if fields.contains(.username) { object.set(username, .string(source.username)) }
        if fields.contains(.email) { object.set(email, .string(source.email)) }
        if fields.contains(.avatarURL) { object.set(avatarURL, .string(source.avatarURL)) }
        if fields.contains(.bio) { object.set(bio, .string(source.bio)) }
        if fields.contains(.phone) { object.set(phone, .string(source.phone)) }
        if fields.contains(.website) { object.set(website, .string(source.website)) }
        if fields.contains(.address) {
            // Detach the nested objects first, so this builder's references are the only ones.
            object.set(addressKey, .null)
            if let a = source.address {
                if fields.contains(.geo) { address.set(geoKey, .null) }
                if fields.contains(.street) { address.set(street, .string(a.street)) }
                if fields.contains(.suite) { address.set(suite, .string(a.suite)) }
                if fields.contains(.city) { address.set(city, .string(a.city)) }
                if fields.contains(.zipcode) { address.set(zipcode, .string(a.zipcode)) }
                if fields.contains(.geo), let g = a.geo {
                    geo.set(lat, .string(g.lat))
                    geo.set(lng, .string(g.lng))
                    address.set(geoKey, geo.copy())
                }
                object.set(addressKey, address.copy())
            }
        }
        if fields.contains(.company) {
            object.set(companyKey, .null)
            if let c = source.company {
                if fields.contains(.companyName) { company.set(name, .string(c.name)) }
                if fields.contains(.catchPhrase) { company.set(catchPhrase, .string(c.catchPhrase)) }
                if fields.contains(.bs) { company.set(bs, .string(c.bs)) }
                object.set(companyKey, company.copy())
            }
        }
    }

    /// Copies of the templates, for a caller that reuses one value per user.
    package func reusableValue() -> ReusableCanonicalUser {
        ReusableCanonicalUser(builder: self, object: user.copy(), address: address.copy(), geo: geo.copy(), company: company.copy())
    }

    /// An object with `keys` in order, all `null`.
    private static func template(_ keys: [String]) -> JQValue {
        var object = JQValue.object()
        for key in keys { object.set(key, .null) }
        return object
    }
}

extension CanonicalUserBuilder {
    /// Which fields a builder sets. `address` and `company` are the objects themselves (made when
    /// the source has them, with only the chosen keys set); `geo` is the whole geo object.
    package struct Fields: OptionSet, Hashable, Sendable {
        package let rawValue: UInt32

        package static let id = Fields(rawValue: 1 << 0)
        package static let name = Fields(rawValue: 1 << 1)
        package static let username = Fields(rawValue: 1 << 2)
        package static let email = Fields(rawValue: 1 << 3)
        package static let avatarURL = Fields(rawValue: 1 << 4)
        package static let bio = Fields(rawValue: 1 << 5)
        package static let phone = Fields(rawValue: 1 << 6)
        package static let website = Fields(rawValue: 1 << 7)
        package static let address = Fields(rawValue: 1 << 8)
        package static let street = Fields(rawValue: 1 << 9)
        package static let suite = Fields(rawValue: 1 << 10)
        package static let city = Fields(rawValue: 1 << 11)
        package static let zipcode = Fields(rawValue: 1 << 12)
        package static let geo = Fields(rawValue: 1 << 13)
        package static let company = Fields(rawValue: 1 << 14)
        package static let companyName = Fields(rawValue: 1 << 15)
        package static let catchPhrase = Fields(rawValue: 1 << 16)
        package static let bs = Fields(rawValue: 1 << 17)

        package static let wholeAddress: Fields = [.address, .street, .suite, .city, .zipcode, .geo]
        package static let wholeCompany: Fields = [.company, .companyName, .catchPhrase, .bs]
        package static let all: Fields = [.id, .name, .username, .email, .avatarURL, .bio, .phone, .website, .wholeAddress, .wholeCompany]

        package init(rawValue: UInt32) { self.rawValue = rawValue }

        /// What an expression with this usage needs: the whole value under each path.
        package init(_ usage: JQFieldUsage) {
            guard case .paths(let paths) = usage else {
                self = .all
                return
            }
            var fields: Fields = []
            for path in paths {
                guard let first = path.first else {
                    self = .all
                    return
                }
                // Keys are compared byte for byte, as jq does (Swift's == would equate canonically
                // equivalent text). A key the canonical user lacks is always null: nothing to build.
                guard let top = Self.topLevel[Array(first.utf8)] else { continue }
                guard path.count > 1 else {
                    fields.formUnion(top)
                    continue
                }
                let nested: [[UInt8]: Fields]
                switch top {
                case .wholeAddress: nested = Self.inAddress
                case .wholeCompany: nested = Self.inCompany
                default:
                    // A key of a text field: the text itself is what gets looked at.
                    fields.formUnion(top)
                    continue
                }
                // The object whenever the user has it, and the whole value under the key (deeper
                // keys, `.address.geo.lat`, need the whole geo).
                fields.formUnion(top.intersection([.address, .company]))
                fields.formUnion(nested[Array(path[1].utf8)] ?? [])
            }
            self = fields
        }

        private static let topLevel = byBytes([
            "id": .id, "name": .name, "username": .username, "email": .email, "avatarURL": .avatarURL,
            "bio": .bio, "phone": .phone, "website": .website, "address": .wholeAddress, "company": .wholeCompany,
        ])

        private static let inAddress = byBytes([
            "street": .street, "suite": .suite, "city": .city, "zipcode": .zipcode, "geo": .geo,
        ])

        private static let inCompany = byBytes([
            "name": .companyName, "catchPhrase": .catchPhrase, "bs": .bs,
        ])

        private static func byBytes(_ table: [String: Fields]) -> [[UInt8]: Fields] {
            table.reduce(into: [:]) { $0[Array($1.key.utf8)] = $1.value }
        }
    }
}

extension User {
    /// The canonical user as a jq value (a one-off; use a ``CanonicalUserBuilder`` in loops).
    package func jqValue() -> JQValue { CanonicalUserBuilder().build(self) }
}

/// One canonical user value, overwritten in place for each user: for evaluating many users on one thread.
package struct ReusableCanonicalUser: ~Copyable {
    package let builder: CanonicalUserBuilder
    package var object: JQValue
    package var address: JQValue
    package var geo: JQValue
    package var company: JQValue

    /// Overwrites the builder's fields from `user`. libjq must hold no reference to the value (see
    /// ``JQProgram/releaseInput()``), or each change copies it.
    package mutating func fill(from user: User) {
        builder.fill(&object, &address, &geo, &company, from: user)
    }

    /// Whether someone besides this value (libjq, after a run) still holds the user object, so
    /// the next fill would copy it. A shared value is never changed under its other holders
    /// (`jv` copies on write), so this only decides speed.
    package var isShared: Bool { !object.isUniquelyReferenced }
}
