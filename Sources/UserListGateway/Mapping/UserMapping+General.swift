import UserListDomain
extension UserMapping {
    /// The mapping for APIs no shape names: well-known key names at the top level, then one level
    /// down (`*.email` finds `profile.email`), most specific first.
    ///
    /// Seed 000's and JSONPlaceholder's own names come first, so their records read exactly as
    /// ``UserDTO`` reads them.
    static let general = UserMapping(
        [
            .id: ["id", "user_id", "userId", "uuid", "login.uuid", "_id", "uid", "localId", "id_str", "guid"],
            .name: [
                "name", "name.formatted", .joined("name.first", "name.last"), .joined("name.givenName", "name.familyName"),
                .joined("name.given_name", "name.family_name"),
                "displayName", "display_name", "global_name", "real_name", "realName", "full_name", "fullName", "fullname",
                .joined("first_name", "last_name"), .joined("firstName", "lastName"), .joined("given_name", "family_name"),
                .joined("givenName", "familyName"), .joined("givenName", "surname"), .joined("firstname", "lastname"),
                "*.name", "*.displayName", "*.display_name", "*.real_name", "*.full_name", "*.fullName",
                .joined("*.first_name", "*.last_name"), .joined("*.firstName", "*.lastName"),
                .joined("*.givenName", "*.familyName"), .joined("*.given_name", "*.family_name"),
                .joined("*.firstname", "*.lastname"), .joined("*.first-name", "*.last-name"),
            ],
            .username: [
                "username", "userName", "user_name", "login", "login.username", "nickname", "nickName", "handle",
                "screen_name", "preferred_username", "acct", "slug",
                "*.username", "*.userName", "*.login", "*.nickname", "*.handle",
            ],
            .email: [
                "email", "mail", "email_address", "emailAddress", "primary_email", "primaryEmail", "public_email",
                .primaryElement("emails", key: "value"), .primaryElement("emails", key: "email"),
                .primaryElement("email_addresses", key: "email_address"),
                "userPrincipalName", "*.email", "*.mail", "*.emailAddress", "*.email_address",
            ],
            .avatarURL: [
                "avatar_url", "avatar", "avatarUrl", "avatarURL", "picture", "picture.large", "picture.url",
                "picture.data.url", "image", "image_url", "imageUrl", "photo", "photo.content_url", "photo_url", "photoUrl", "photoURL",
                "profile_image_url_https", "profile_image_url", "thumbnail",
                .primaryElement("photos", key: "value"), .primaryElement("photos", key: "url"),
                "*.avatar_url", "*.avatar", "*.picture", "*.image", "*.image_original", "*.image_512", "*.image_192",
                "*.image_72", "*.photo",
            ],
            .bio: ["bio", "note", "about", "description", "summary", "headline", "title", "jobTitle", "job_title", "*.bio", "*.about", "*.title"],
            .phone: [
                "phone", "phone_number", "phoneNumber", "mobilePhone", "mobile_phone", "mobile", "cell", "telephone",
                .primaryElement("phoneNumbers", key: "value"), .primaryElement("businessPhones", key: "value"),
                "*.phone", "*.mobilePhone", "*.phone_number",
            ],
            .website: ["website", "website_url", "blog", "homepage", "profileUrl", "profile_url", "html_url", "web_url", "*.website"],
            .street: ["address.street", "address.address", "address.street_address", "address.streetAddress", "address.line1",
                      .joined("location.street.number", "location.street.name"), "location.street", "address"],
            .suite: ["address.suite", "address.line2"],
            .city: ["address.city", "address.locality", "location.city", "city", "location"],
            .zipcode: ["address.zipcode", "address.zip", "address.postalCode", "address.postal_code", "address.postcode",
                       "location.postcode", "location.postalCode", "zipcode", "postalCode"],
            .lat: ["address.geo.lat", "address.coordinates.lat", "address.coordinates.latitude", "location.coordinates.latitude", "location.coordinates.lat"],
            .lng: ["address.geo.lng", "address.coordinates.lng", "address.coordinates.longitude", "location.coordinates.longitude", "location.coordinates.lng"],
            .companyName: ["company.name", "company", "organization.name", "organization", "company_name", "companyName", "employer"],
            .catchPhrase: ["company.catchPhrase"],
            .bs: ["company.bs"],
        ],
        excluding: [
            RecordExclusion(when: "is_bot", isTrue: "bot"),
            RecordExclusion(when: "bot", isTrue: "bot"),
            RecordExclusion(when: "deleted", isTrue: "deleted account"),
        ],
        wildcardSkips: [
            "address", "location", "company", "organization", "organisation", "employer", "team", "meta", "metadata",
            "links", "_links", "geo", "coordinates", "settings", "stats", "bank", "crypto", "hair", "dob", "registered",
            "plan", "billing", "subscription", "picture", "photos", "emails", "phoneNumbers", "login", "name",
            "preferences", "prefs", "config", "role", "roles", "group", "groups", "department", "status", "type",
            "app", "application", "client", "device", "product", "project", "repository", "repo", "workspace", "tenant",
        ])
}
