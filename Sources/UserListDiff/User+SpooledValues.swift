import UserListDomain

extension User {
    /// A user from canonical field values (the spool's form): an address, geo or company with
    /// nothing in it is nil, as the Service's normalising leaves it.
    init(values: [String?]) {
        func at(_ field: CanonicalField) -> String? { values[Int(field.ordinal)] }
        let geo = Geo(lat: at(.lat), lng: at(.lng))
        let address = Address(street: at(.street), suite: at(.suite), city: at(.city), zipcode: at(.zipcode),
                              geo: geo.lat == nil && geo.lng == nil ? nil : geo)
        let company = Company(name: at(.companyName), catchPhrase: at(.catchPhrase), bs: at(.bs))
        self.init(
            id: at(.id) ?? "", name: at(.name), username: at(.username), email: at(.email),
            avatarURL: at(.avatarURL), bio: at(.bio), phone: at(.phone), website: at(.website),
            address: address == Address() ? nil : address,
            company: company == Company() ? nil : company)
    }
}
