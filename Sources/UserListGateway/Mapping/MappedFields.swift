import UserListDomain
/// The canonical fields one record resolved to, collected before the ``User`` is built.
struct MappedFields {
    var id, name, username, email, avatarURL, bio, phone, website: String?
    var street, suite, city, zipcode, lat, lng: String?
    var companyName, catchPhrase, bs: String?

    /// Sets one field (only written: the fields are read all at once by ``user()``).
    mutating func set(_ field: CanonicalField, _ value: String?) {
        switch field {
        case .id: id = value
        case .name: name = value
        case .username: username = value
        case .email: email = value
        case .avatarURL: avatarURL = value
        case .bio: bio = value
        case .phone: phone = value
        case .website: website = value
        case .street: street = value
        case .suite: suite = value
        case .city: city = value
        case .zipcode: zipcode = value
        case .lat: lat = value
        case .lng: lng = value
        case .companyName: companyName = value
        case .catchPhrase: catchPhrase = value
        case .bs: bs = value
        }
    }

    /// The user; an address or company only when one of its fields was found.
    func user() -> User {
        let geo = lat != nil || lng != nil ? Geo(lat: lat, lng: lng) : nil
        let hasAddress = street != nil || suite != nil || city != nil || zipcode != nil || geo != nil
        let hasCompany = companyName != nil || catchPhrase != nil || bs != nil
        return User(
            id: id ?? "", name: name, username: username, email: email, avatarURL: avatarURL, bio: bio,
            phone: phone, website: website,
            address: hasAddress ? Address(street: street, suite: suite, city: city, zipcode: zipcode, geo: geo) : nil,
            company: hasCompany ? Company(name: companyName, catchPhrase: catchPhrase, bs: bs) : nil)
    }
}
