/// The canonical fields one record resolved to, collected before the ``User`` is built.
struct MappedFields {
    var id, name, username, email, avatarURL, bio, phone, website: String?
    var street, suite, city, zipcode, lat, lng: String?
    var companyName, catchPhrase, bs: String?

    subscript(field: CanonicalField) -> String? {
        get {
            switch field {
            case .id: id
            case .name: name
            case .username: username
            case .email: email
            case .avatarURL: avatarURL
            case .bio: bio
            case .phone: phone
            case .website: website
            case .street: street
            case .suite: suite
            case .city: city
            case .zipcode: zipcode
            case .lat: lat
            case .lng: lng
            case .companyName: companyName
            case .catchPhrase: catchPhrase
            case .bs: bs
            }
        }
        set {
            switch field {
            case .id: id = newValue
            case .name: name = newValue
            case .username: username = newValue
            case .email: email = newValue
            case .avatarURL: avatarURL = newValue
            case .bio: bio = newValue
            case .phone: phone = newValue
            case .website: website = newValue
            case .street: street = newValue
            case .suite: suite = newValue
            case .city: city = newValue
            case .zipcode: zipcode = newValue
            case .lat: lat = newValue
            case .lng: lng = newValue
            case .companyName: companyName = newValue
            case .catchPhrase: catchPhrase = newValue
            case .bs: bs = newValue
            }
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
