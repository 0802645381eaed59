import UserListDomain
extension UserMapping {
    /// The mapping for APIs no shape names: well-known key names at the top level, then one level
    /// down (`*.email` finds `profile.email`), most specific first.
    ///
    /// Seed 000's and JSONPlaceholder's own names are among the first of each field, so their
    /// records read exactly as ``UserDTO`` reads them (a native record has no `displayName` to
    /// put before its `name`). Other spellings (`Id`, `User ID`, `FIRST_NAME`) are read too (``KeySpellings``).
    static let general = UserMapping(
        [
            // The record's own id; then the id of the person it is about, in the snake_case and
            // camelCase forms of ``idNouns`` (`user_id`, `accountId`, `objectId`); then ids by
            // other names, the stable opaque ones first (a UUID, a directory's GUID, an OpenID
            // subject, a descriptor); then a Matrix id or resource name kept under `name`; last the
            // login a person chose, which is unique but may change (``loginIDs``). Never a name to show.
            .id: ["id"] + idNames(of: idNouns) + opaqueIDs + [.identifier("name")] + loginIDs,
            // A name to show, over a formatted name, over given + family names (Google's and
            // SCIM's `name` objects hold all three); the same again one level down.
            .name: [
                // A full name before `name`, which some APIs give the sign-in name (Tableau, Jamf).
                "displayName", "display_name", "displayname", "global_name", "full_name", "fullName", "fullname", "defaultFullName",
                "name", "real_name", "realName", "realname", "cn", "friendly_name", "friendlyName",
                "employee_name", "person_name", "contact_name", "member_name",
                "name.displayName", "name.display_name",
                "name.formatted", "name.fullName", "name.full_name",
                .joined("name.first", "name.last"), .joined("name.givenName", "name.familyName"),
                .joined("name.given_name", "name.family_name"), .joined("name.given_name", "name.surname"),
                .joined("name.first_name", "name.last_name"), .joined("name.firstName", "name.lastName"),
                // A list of names (Google People's `names[]`): the primary one's.
                .primaryElement("names", key: "displayName"), .primaryElement("names", key: "unstructuredName"),
                .joined("first_name", "last_name"),
                // A first name beside the last one kept among custom fields (Kit's, MailerLite's `fields`).
                .joined("first_name", "fields.last_name"), .joined("fields.name", "fields.last_name"),
                .joined("firstName", "lastName"), .joined("given_name", "family_name"),
                .joined("givenName", "familyName"), .joined("givenName", "surname"), .joined("givenName", "sn"), .joined("firstname", "lastname"),
                .joined("forename", "surname"), .joined("prenom", "nom"), .joined("first-name", "last-name"),
                // Mixpanel's reserved `$properties` (an attribute container: its keys read as the record's).
                "$name", .joined("$first_name", "$last_name"),
                // Mailchimp's merge fields; Firebase's sign-in providers' names.
                .joined("merge_fields.FNAME", "merge_fields.LNAME"), .primaryElement("providerUserInfo", key: "displayName"),
                "*.displayName", "*.display_name", "*.name", "*.real_name", "*.realName", "*.full_name", "*.fullName",
                .joined("*.first_name", "*.last_name"), .joined("*.firstName", "*.lastName"),
                .joined("*.givenName", "*.familyName"), .joined("*.given_name", "*.family_name"),
                .joined("*.firstname", "*.lastname"), .joined("*.first-name", "*.last-name"),
                // ADP's workers: `person.legalName` (`familyName1`, as Spanish names have two).
                .joined("legalName.givenName", "legalName.familyName1"), .joined("*.legalName.givenName", "*.legalName.familyName1"),
                "legalName.formattedName", "*.legalName.formattedName",
            ],
            .username: [
                "username", "userName", "user_name", "login", "login.username", "nickname", "nickName", "handle", "personaname",
                // Concur's `LoginID`.
                "loginId", "login_id",
                "screen_name", "preferred_username", "acct", "slug", "principalName", "sAMAccountName", "samAccountName", "identity",
                "*.username", "*.userName", "*.login", "*.nickname", "*.handle",
            ],
            .email: [
                "email", "mail", "e-mail", "E-Mail", "email_address", "e-mail address", "E-mail Address", "email_id", "email1", "Email 1",
                "business_email", "emailAddress", "mailAddress", "workEmail", "work_email", "primary_email", "primaryEmail", "public_email",
                "emailId", "primaryWorkEmail", "enterprise_email", "org_email", "primary_email_address", "loginEmail", "login_email",
                // Freshteam's work address before its personal one; Dataverse's; Taiga's memberships.
                "official_email", "officialEmail", "company_email", "internalemailaddress", "user_email", "userEmail", "member_email",
                // A personal address only after every work one.
                "personal_email",
                // An address object (Constant Contact's `{"address", "permission_to_send"}`,
                // QuickBooks' `PrimaryEmailAddr`, Ashby's `primaryEmailAddress`).
                "email_address.address", "emailAddress.address", "PrimaryEmailAddr.Address", "primaryEmailAddress.value",
                // Memberstack's sign-in `auth.email`; Mixpanel's `$email`.
                "auth.email", "$email",
                // Lists of addresses: the primary one, else the first verified, else the first.
                .primaryElement("emails", key: "value"), .primaryElement("emails", key: "email"),
                .primaryElement("emails", key: "address"), .primaryElement("email", key: "value"),
                .primaryElement("email_addresses", key: "email_address"), .primaryElement("email_addresses", key: "email"),
                .primaryElement("email_addresses", key: "address"), .primaryElement("email_addresses", key: "value"),
                .primaryElement("emailAddresses", key: "value"), .primaryElement("emailAddresses", key: "emailAddress"),
                .primaryElement("emailAddresses", key: "address"), .primaryElement("_embedded.emails", key: "value"),
                // ADP's workers: the work address, else the person's own.
                .primaryElement("businessCommunication.emails", key: "emailUri"), .primaryElement("*.communication.emails", key: "emailUri"),
                "userPrincipalName", "*.email", "*.mail", "*.emailAddress", "*.email_address", "*.mailAddress",
                // A sign-in name that is an address stands for a missing email (Box's `login`).
                .emailAddress("login"), .emailAddress("username"), .emailAddress("userName"), .emailAddress("user_name"),
                .emailAddress("preferred_username"), .emailAddress("*.login"), .emailAddress("loginName"),
                // An id that is an address (LiveChat's agents).
                .emailAddress("id"),
            ],
            // Avatars, then photos and pictures, then thumbnails: the larger image first. Each may
            // be a URL, a template with a size placeholder, a map of URLs keyed by size or an
            // array of images (``AvatarValue``: the largest is chosen).
            .avatarURL: [
                // Steam's `avatarfull` (184 px) before its `avatar` (32 px).
                "avatar_url", "avatarfull", "avatar", "avatarUrl", "avatarURL", "avatar_urls", "avatarUrls", "avatar_template", "avatarTemplate",
                "picture", "picture.large", "picture.url", "picture.data.url", "picture_url", "pictureUrl",
                "profile_picture", "profilePicture",
                "image", "images", "image_url", "imageUrl", "profile_image_url_https", "profile_image_url", "profile_image",
                "big_photo", "photo", "photo.content_url", "photo_url", "photoUrl", "photoURL", "fullPhotoUrl", "profile_photo_url",
                "profilePhotoUrl", "pic_url", "mediumPhotoUrl", "profilePictureUrl", "profile_picture_url", "profileimageurl", "img_url",
                .primaryElement("photos", key: "value"), .primaryElement("photos", key: "url"), "avatars",
                .primaryElement("providerUserInfo", key: "photoUrl"),
                "links.avatar.href", "_links.avatar.href",
                // Icons are small: after every photo, before the thumbnails.
                "icon", "icon_url", "iconUrl", "icons", "profile_pic_url", "profilePicUrl",
                "thumbnail", "thumbnail_url", "thumbnailUrl", "thumbnailPhotoUrl", "smallPhotoUrl",
                "*.avatar_url", "*.avatar", "*.avatarUrl", "*.avatar_urls", "*.avatar_template", "*.picture", "*.image",
                "*.image_url", "*.image_original", "*.image_512", "*.image_192", "*.image_72", "*.photo", "*.photo_url",
                // Later, as they were found: Ghost, Monday, Teamtailor, Vimeo, Recruitee.
                "avatar_image", "photo_original", "picture.standard", "pictures.sizes", "photo_thumb_url", "photo_thumb", "$avatar",
                // VK's photos by size, the largest first (Taiga's `big_photo` is before `photo`, above).
                "photo_max_orig", "photo_400_orig", "photo_200", "photo_max", "photo_100", "photo_50",
            ],
            .bio: ["bio", "note", "about", "description", "summary", "headline", "title", "jobTitle", "job_title", "*.bio", "*.about", "*.title"],
            .phone: [
                "phone", "phone_number", "phoneNumber", "mobilePhone", "mobile_phone", "mobile", "cell", "telephone", "telephoneNumber",
                "work_number", "mobile_number", "phone1", "cell_phone", "work_phone_number", "mobile_phone_number", "work_phone",
                "workPhone", "sms", "PrimaryPhone.FreeFormNumber", "Mobile.FreeFormNumber", "$phone",
                .primaryElement("phoneNumbers", key: "value"), .primaryElement("businessPhones", key: "value"),
                .primaryElement("phone_numbers", key: "phone_number"), .primaryElement("phone_numbers", key: "value"),
                .primaryElement("phone", key: "value"), .primaryElement("phone_numbers", key: "number"),
                .primaryElement("phones", key: "phone"), .primaryElement("phones", key: "number"), .primaryElement("phones", key: "value"),
                .primaryElement("_embedded.phones", key: "value"),
                .primaryElement("businessCommunication.landlines", key: "formattedNumber"),
                .primaryElement("businessCommunication.mobiles", key: "formattedNumber"),
                "*.phone", "*.mobilePhone", "*.phone_number",
            ],
            .website: ["website", "website_url", "blog", "homepage", "profileUrl", "profile_url", "html_url", "web_url", "*.website"],
            .street: ["address.street", "address.address", "address.street_address", "address.streetAddress", "address.line1",
                      .joined("location.street.number", "location.street.name"), "location.street", "address"],
            .suite: ["address.suite", "address.line2"],
            .city: ["address.city", "address.locality", "location.city", "city", "location", "PrimaryAddr.City", "BillAddr.City",
                .primaryElement("addresses", key: "city"), .primaryElement("street_addresses", key: "city"), "*.city", "$city",
                // VK's `city: {"id", "title"}`; Keap's `addresses[].locality`.
                "city.title", .primaryElement("addresses", key: "locality")],
            .zipcode: ["address.zipcode", "address.zip", "address.postalCode", "address.postal_code", "address.postcode",
                       "location.postcode", "location.postalCode", "zipcode", "postalCode"],
            .lat: ["address.geo.lat", "address.coordinates.lat", "address.coordinates.latitude", "location.coordinates.latitude", "location.coordinates.lat"],
            .lng: ["address.geo.lng", "address.coordinates.lng", "address.coordinates.longitude", "location.coordinates.longitude", "location.coordinates.lng"],
            .companyName: ["company.name", "company", "organization.name", "organization", "company_name", "companyName", "employer",
                           "account_name.name", "orgname", "organization_name", "org_name", "person_company_name", "CompanyName", "*.company",
                           // Keap's `company: {"id", "company_name"}`; Chatwoot's `additional_attributes.company_name`.
                           "company.company_name", "*.company_name"],
            .catchPhrase: ["company.catchPhrase"],
            .bs: ["company.bs"],
        ],
        // Records that are not people, by a flag or by what a field types them as (see
        // ``NonPersonKind``); and deleted accounts.
        excluding: [
            RecordExclusion(when: "is_bot", isTrue: "bot"),
            RecordExclusion(when: "bot", isTrue: "bot"),
            RecordExclusion(when: "isBot", isTrue: "bot"),
            // Yandex 360's and Sanity's `isRobot`, Lemmy's `bot_account`.
            RecordExclusion(when: "isRobot", isTrue: "bot"),
            RecordExclusion(when: "is_robot", isTrue: "bot"),
            RecordExclusion(when: "bot_account", isTrue: "bot"),
            RecordExclusion(when: "botAccount", isTrue: "bot"),
            RecordExclusion(when: "is_group", isTrue: "group"),
            RecordExclusion(when: "group", isTrue: "group"),
            RecordExclusion(when: "deleted", isTrue: "deleted account"),
            RecordExclusion(whenPresent: "serviceAccountClientId", "service account"),
            RecordExclusion(when: "service_account", isTrue: "service account"),
            RecordExclusion(when: "serviceAccount", isTrue: "service account"),
            RecordExclusion(when: "is_service_account", isTrue: "service account"),
        ] + kindFields.map { RecordExclusion(kindOf: $0) },
        // The person's own fields one level down: under a key that holds the record's own person —
        // one named here (Okta's `profile`, Airtable's and Contentful's `fields`, `details`), or one
        // with a person's noun among its words and no word of a relation (`userInfo`, `orgMember`,
        // `public_user_data`, Mongoose's populated `userId: {…}`). Never under any other: an object
        // may be another person (`owner`, `Created_By`, `reportsTo`, `account_manager`,
        // `emergency_contact`) or a thing (`identity_provider`, `Account_Name`, `site`, `license`).
        nestedPersonKeys: [
            "details", "info", "personal", "personal_info", "personal_details", "personal_data", "basic_info", "basic",
            "contact_info", "contact_details", "identity", "me", "fields", "data", "human", "identity_data",
            // Stripe's customer `shipping` details: the customer's own name and phone when the
            // customer has none (a customer created with only an email).
            "shipping",
        ] + attributeContainers,
        nestedPersonWords: NestedPersonWords(
            nouns: [
                "user", "users", "member", "person", "people", "profile", "account", "contact", "employee", "customer", "worker",
                "attendee", "participant", "subscriber", "follower", "collaborator", "invitee", "guest", "student", "learner",
                "patient", "individual", "teammate", "staff", "node",
            ],
            relations: [
                "owner", "owned", "creator", "created", "modified", "updated", "deleted", "by", "manager", "managed", "assignee",
                "assigner", "assigned", "reporter", "reports", "requester", "inviter", "invited", "sponsor", "referrer", "referred",
                "approver", "approved", "reviewer", "supervisor", "parent", "author", "sender", "recipient", "lead", "leader",
                "mentor", "coach", "buddy", "spouse", "partner", "emergency", "rep", "target", "to", "from", "last", "previous",
                "primary", "secondary", "billing", "sales", "submitter", "linked", "related", "friend", "name", "provider",
            ],
            things: [
                "address", "location", "company", "organization", "organisation", "employer", "team", "meta", "metadata",
                "links", "_links", "_embedded", "geo", "coordinates", "settings", "stats", "bank", "crypto", "hair", "dob",
                "registered", "plan", "billing", "subscription", "picture", "photos", "emails", "phoneNumbers", "login",
                "name", "preferences", "prefs", "config", "role", "roles", "group", "groups", "department", "status", "type",
                "app", "application", "client", "device", "product", "project", "repository", "repo", "workspace", "tenant",
                "credentials", "permissions", "app_metadata", "timezone", "locale", "avatar", "image", "photo", "owner",
            ]),
        // An access list's entry names its person as the grantee (Box's `accessible_by`, Coda's
        // `principal`); Render's owners list is `[{"owner": {…}, "cursor"}]`.
        wrappers: ["user", "member", "profile", "account", "person", "contact", "node", "customer", "employee", "worker", "data",
                   "accessible_by", "principal", "grantee", "owner"],
        containers: attributeContainers)

    /// Fields whose value holds more of the record's keys (see ``UserMapping/containers``), in
    /// PascalCase too: attribute objects (Keycloak's `attributes: {"phone": ["…"]}`, an LDAP
    /// gateway's `attributes: {"mail": ["…"]}`, Ory's `traits`, HubSpot's `properties`), attribute
    /// lists (Cognito's `Attributes`/`UserAttributes: [{"Name", "Value"}]`, ldapjs's `attributes:
    /// [{"type", "values": […]}]`, `custom_attributes: [{"key", "value"}]`), and lists of typed
    /// identities (HubSpot's `identity-profiles[].identities[{"type": "EMAIL", "value"}]`).
    static let attributeContainers = [
        "attributes", "userAttributes", "user_attributes", "attrs", "customAttributes", "custom_attributes",
        "traits", "properties", "claims", "$properties", "customFields", "custom_fields",
        // Chatwoot's `additional_attributes`, Mailchimp's `merge_fields` (`PHONE`, `COMPANY`, `ADDRESS`).
        "additional_attributes", "additionalAttributes", "merge_fields",
        "identities", "identity-profiles", "identity_profiles", "identityProfiles",
    ]

    /// Ids by other names, stable and opaque, in order: a UUID, MongoDB's `_id`, an LDAP entry's
    /// UUID or Active Directory's GUID (`mongoexport`'s `{"$oid": …}` first), Firebase's `localId`, an OpenID Connect subject
    /// (`sub`: Cognito keeps it among its attributes), HubSpot's `vid`, Azure DevOps' `descriptor`
    /// and `originId`, a Google resource name (`people/c714…`), Appwrite's `$id`, Twilio's `sid`,
    /// a resource's own URI (Calendly's, Vimeo's `uri`), and a Contentful entry's `sys.id`.
    static let opaqueIDs: [FieldSource] = [
        "uuid", "login.uuid", "_id.$oid", "_id", "entryUUID", "objectGUID", "uid", "gid", "localId", "id_str", "guid", "sub",
        "vid", "canonical-vid", "descriptor", "originId", "resourceName", "$id", "sid", "uri", "sys.id",
        // ServiceNow's `sys_id`, OneRoster's `sourcedId`, an AT Protocol `did`, ADP's
        // `associateOID`, Mixpanel's `$distinct_id`, a customer's `external_id` (Braze), Customer.io's `cio_id`.
        "sys_id", "sourcedId", "did", "associateOID", "$distinct_id", "distinct_id", "external_id", "externalId", "cio_id",
        // Dataverse's (Dynamics 365) `systemuserid`, Steam's `steamid`, Dayforce's `XRefCode`.
        "systemuserid", "steamid", "XRefCode",
    ]

    /// The login as an id when nothing better is there (Cognito's `Username`, a GraphQL query
    /// that asked for `login` and not `id`); an LDAP entry's distinguished name last (`dn`,
    /// ldapjs's `objectName`).
    static let loginIDs: [FieldSource] = ["username", "userName", "user_name", "login", "loginId", "login_name", "loginName", "dn", "objectName"]

    /// Fields that say what a record is (`"type": "bot"`, `"subjectKind": "group"`): a record
    /// typed as something that is not a person is left out (see ``NonPersonKind``).
    static let kindFields: [FieldPath] = [
        "type", "kind", "subjectKind", "subject_kind", "account_type", "accountType", "user_type", "userType",
        "principalType", "principal_type", "@odata.type", "objectClass",
        // VK's `"deactivated": "deleted"`.
        "deactivated",
    ].map { FieldPath(keys: [$0]) }

    /// The nouns whose ids stand for the person, in order: `user_id` before `account_id`.
    static let idNouns = ["user", "account", "member", "person", "people", "employee", "contact", "customer", "object"]

    /// `user_id`, `userId`, `_user_id`, `userid`, `account_id`, …: each noun's snake_case and
    /// camelCase id, the snake_case one with a leading underscore (Gerrit's `_account_id`), and
    /// all in lower case (Slack's and WeCom's `userid`).
    static func idNames(of nouns: [String]) -> [FieldSource] {
        nouns.flatMap { noun -> [FieldSource] in ["\(noun)_id", "\(noun)Id", "_\(noun)_id", "\(noun)id"].map { .value(FieldPath($0)) } }
    }
}
