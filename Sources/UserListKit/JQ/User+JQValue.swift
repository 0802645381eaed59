/// Builds the contract's canonical user as a jq value, directly (no JSON text in between).
///
/// Every key is present, in the contract's order; what the source lacks is `null`. Keys and
/// empty objects are made once as templates: each user copies a template (libjq shares it until
/// the first write, then copies the slots) and fills in values, so no key is allocated or hashed
/// per user and no table grows. libjq's reference counts are not atomic: use one builder per thread.
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

    func build(_ source: User) -> JQValue {
        var object = user.copy()
        object.set(id, .string(source.id))
        if let v = source.name { object.set(name, .string(v)) }
        if let v = source.username { object.set(username, .string(v)) }
        if let v = source.email { object.set(email, .string(v)) }
        if let v = source.avatarURL { object.set(avatarURL, .string(v)) }
        if let v = source.bio { object.set(bio, .string(v)) }
        if let v = source.phone { object.set(phone, .string(v)) }
        if let v = source.website { object.set(website, .string(v)) }
        if let a = source.address {
            var value = address.copy()
            if let v = a.street { value.set(street, .string(v)) }
            if let v = a.suite { value.set(suite, .string(v)) }
            if let v = a.city { value.set(city, .string(v)) }
            if let v = a.zipcode { value.set(zipcode, .string(v)) }
            if let g = a.geo {
                var coordinates = geo.copy()
                if let v = g.lat { coordinates.set(lat, .string(v)) }
                if let v = g.lng { coordinates.set(lng, .string(v)) }
                value.set(geoKey, coordinates)
            }
            object.set(addressKey, value)
        }
        if let c = source.company {
            var value = company.copy()
            if let v = c.name { value.set(name, .string(v)) }
            if let v = c.catchPhrase { value.set(catchPhrase, .string(v)) }
            if let v = c.bs { value.set(bs, .string(v)) }
            object.set(companyKey, value)
        }
        return object
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
