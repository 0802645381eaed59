extension User: Hashable {
    public static func == (lhs: User, rhs: User) -> Bool {
        lhs.storage === rhs.storage || (
            lhs.id == rhs.id && lhs.name == rhs.name && lhs.username == rhs.username
            && lhs.email == rhs.email && lhs.avatarURL == rhs.avatarURL && lhs.bio == rhs.bio
            && lhs.phone == rhs.phone && lhs.website == rhs.website
            && lhs.address == rhs.address && lhs.company == rhs.company)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(username)
        hasher.combine(email)
        hasher.combine(avatarURL)
        hasher.combine(bio)
        hasher.combine(phone)
        hasher.combine(website)
        hasher.combine(address)
        hasher.combine(company)
    }
}
