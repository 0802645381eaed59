extension User {
    /// The user's value of one canonical field (`address.city` is `address?.city`): the one place
    /// that maps a field name to the user's storage, for `--fields` and anything else that names fields.
    public func text(of field: CanonicalField) -> String? {
        switch field {
        case .id: id
        case .name: name
        case .username: username
        case .email: email
        case .avatarURL: avatarURL
        case .bio: bio
        case .phone: phone
        case .website: website
        case .street: address?.street
        case .suite: address?.suite
        case .city: address?.city
        case .zipcode: address?.zipcode
        case .lat: address?.geo?.lat
        case .lng: address?.geo?.lng
        case .companyName: company?.name
        case .catchPhrase: company?.catchPhrase
        case .bs: company?.bs
        }
    }
}
