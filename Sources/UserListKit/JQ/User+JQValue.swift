/// Builds the contract's canonical user as a jq value, directly (no JSON text in between).
///
/// Every key is present, in the contract's order; what the source lacks is `null`. Keys and
/// empty objects are made once as templates, so no key is allocated or hashed per user and no
/// table grows; a caller evaluating many users can reuse one value and overwrite it in place
/// (``fill(_:_:_:_:from:)``). libjq's reference counts are not atomic: use one builder per thread.
final class CanonicalUserBuilder {
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

    init() {}

    /// A new canonical user value (a copy of the templates, filled in).
    func build(_ source: User) -> JQValue {
        var object = user.copy()
        var address = self.address.copy()
        var geo = self.geo.copy()
        var company = self.company.copy()
        fill(&object, &address, &geo, &company, from: source)
        return object
    }

    /// Sets every field of `object` (and of the nested objects, which are detached from it while
    /// they change) from `source`. When the caller holds the only references, libjq changes the
    /// objects in place: nothing is copied and no table is built per user.
    func fill(_ object: inout JQValue, _ address: inout JQValue, _ geo: inout JQValue, _ company: inout JQValue, from source: User) {
        object.set(id, .string(source.id))
        object.set(name, .string(source.name))
        object.set(username, .string(source.username))
        object.set(email, .string(source.email))
        object.set(avatarURL, .string(source.avatarURL))
        object.set(bio, .string(source.bio))
        object.set(phone, .string(source.phone))
        object.set(website, .string(source.website))
        // Detach the nested objects first, so this builder's references are the only ones.
        object.set(addressKey, .null)
        object.set(companyKey, .null)
        if let a = source.address {
            address.set(geoKey, .null)
            address.set(street, .string(a.street))
            address.set(suite, .string(a.suite))
            address.set(city, .string(a.city))
            address.set(zipcode, .string(a.zipcode))
            if let g = a.geo {
                geo.set(lat, .string(g.lat))
                geo.set(lng, .string(g.lng))
                address.set(geoKey, geo.copy())
            }
            object.set(addressKey, address.copy())
        }
        if let c = source.company {
            company.set(name, .string(c.name))
            company.set(catchPhrase, .string(c.catchPhrase))
            company.set(bs, .string(c.bs))
            object.set(companyKey, company.copy())
        }
    }

    /// Copies of the templates, for a caller that reuses one value per user.
    func reusableValue() -> ReusableCanonicalUser {
        ReusableCanonicalUser(builder: self, object: user.copy(), address: address.copy(), geo: geo.copy(), company: company.copy())
    }

    /// An object with `keys` in order, all `null`.
    private static func template(_ keys: [String]) -> JQValue {
        var object = JQValue.object()
        for key in keys { object.set(key, .null) }
        return object
    }
}

extension User {
    /// The canonical user as a jq value (a one-off; use a ``CanonicalUserBuilder`` in loops).
    func jqValue() -> JQValue { CanonicalUserBuilder().build(self) }
}

/// One canonical user value, overwritten in place for each user: for evaluating many users on one thread.
struct ReusableCanonicalUser: ~Copyable {
    let builder: CanonicalUserBuilder
    var object: JQValue
    var address: JQValue
    var geo: JQValue
    var company: JQValue

    /// Overwrites every field from `user`. libjq must hold no reference to the value (see
    /// ``JQProgram/releaseInput()``), or each change copies it.
    mutating func fill(from user: User) {
        builder.fill(&object, &address, &geo, &company, from: user)
    }
}
