/// The canonical user of the contract as a jq value, built directly (no JSON text in between).
///
/// Every key is present, in the contract's order; what the source lacks is `null`.
extension User {
    func jqValue() -> JQValue {
        var object = JQValue.object()
        object.set("id", .string(id))
        object.set("name", .string(name))
        object.set("username", .string(username))
        object.set("email", .string(email))
        object.set("avatarURL", .string(avatarURL))
        object.set("bio", .string(bio))
        object.set("phone", .string(phone))
        object.set("website", .string(website))
        if let address {
            var value = JQValue.object()
            value.set("street", .string(address.street))
            value.set("suite", .string(address.suite))
            value.set("city", .string(address.city))
            value.set("zipcode", .string(address.zipcode))
            if let geo = address.geo {
                var coordinates = JQValue.object()
                coordinates.set("lat", .string(geo.lat))
                coordinates.set("lng", .string(geo.lng))
                value.set("geo", coordinates)
            } else {
                value.set("geo", .null)
            }
            object.set("address", value)
        } else {
            object.set("address", .null)
        }
        if let company {
            var value = JQValue.object()
            value.set("name", .string(company.name))
            value.set("catchPhrase", .string(company.catchPhrase))
            value.set("bs", .string(company.bs))
            object.set("company", value)
        } else {
            object.set("company", .null)
        }
        return object
    }
}
