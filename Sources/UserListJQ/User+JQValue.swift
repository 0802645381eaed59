import UserListDomain
/// Builds the contract's canonical user as a jq value, directly (no JSON text in between).
///
/// Every key is present, in the contract's order; what the source lacks is `null`. Keys and
/// empty objects are made once as templates, so no key is allocated or hashed per user and no
/// table grows; a caller evaluating many users can reuse one value and overwrite it in place
/// (``fill(_:from:)``). libjq's reference counts are not atomic: use one builder per thread.
///
/// A builder made for some ``Fields`` builds only those: every key is still there, in order, but
/// the others stay `null` (see ``JQFieldUsage`` for when that is safe). A built field is set for
/// every user, so a reused value never shows the previous user's data.
package final class CanonicalUserBuilder {
    /// The objects' templates: their keys in order (the field table's, ``CanonicalGroup/members``), all `null`.
    private let templates: CanonicalUserObjects
    // The keys, made once: no key is allocated per user.
    private let id = JQValue.string("id"), name = JQValue.string("name"), username = JQValue.string("username")
    private let email = JQValue.string("email"), avatarURL = JQValue.string("avatarURL"), bio = JQValue.string("bio")
    private let phone = JQValue.string("phone"), website = JQValue.string("website")
    private let addressKey = JQValue.string("address"), companyKey = JQValue.string("company")
    private let street = JQValue.string("street"), suite = JQValue.string("suite"), city = JQValue.string("city")
    private let zipcode = JQValue.string("zipcode"), geoKey = JQValue.string("geo")
    private let lat = JQValue.string("lat"), lng = JQValue.string("lng")
    private let catchPhrase = JQValue.string("catchPhrase"), bs = JQValue.string("bs")

    /// The fields this builder sets; the others stay `null`.
    package let fields: Fields

    package init(fields: Fields = .all) {
        self.fields = fields
        templates = CanonicalUserObjects(
            user: Self.template(.user), address: Self.template(.address), geo: Self.template(.geo), company: Self.template(.company))
    }

    /// A new canonical user value (a copy of the templates, filled in).
    package func build(_ source: User) -> JQValue {
        var objects = templates.copy()
        fill(&objects, from: source)
        return objects.take()
    }

    /// Sets this builder's ``fields`` of the objects (the nested ones are detached from their
    /// parents while they change) from `source`. When the caller holds the only references,
    /// libjq changes the objects in place: nothing is copied and no table is built per user.
    ///
    /// Written out field by field, the one place besides the table that names the canonical
    /// user's keys: a walk of the table's objects (``CanonicalGroup/members``) here cost 600
    /// instructions a user against 250 (2% of a `--where` libjq runs, on 50k users). The
    /// templates (the keys and their order) are the table's, and `CanonicalFieldTableTests`
    /// holds what this fills to the table's JSON of the user.
    package func fill(_ objects: inout CanonicalUserObjects, from source: User) {
        let fields = self.fields
        if fields.contains(.id) { objects.user.set(id, .string(source.id)) }
        if fields.contains(.name) { objects.user.set(name, .string(source.name)) }
        if fields.contains(.username) { objects.user.set(username, .string(source.username)) }
        if fields.contains(.email) { objects.user.set(email, .string(source.email)) }
        if fields.contains(.avatarURL) { objects.user.set(avatarURL, .string(source.avatarURL)) }
        if fields.contains(.bio) { objects.user.set(bio, .string(source.bio)) }
        if fields.contains(.phone) { objects.user.set(phone, .string(source.phone)) }
        if fields.contains(.website) { objects.user.set(website, .string(source.website)) }
        if fields.contains(CanonicalGroup.address) {
            // Detach the nested objects first, so this builder's references are the only ones.
            objects.user.set(addressKey, .null)
            if let a = source.address {
                if fields.contains(CanonicalGroup.geo) { objects.address.set(geoKey, .null) }
                if fields.contains(.street) { objects.address.set(street, .string(a.street)) }
                if fields.contains(.suite) { objects.address.set(suite, .string(a.suite)) }
                if fields.contains(.city) { objects.address.set(city, .string(a.city)) }
                if fields.contains(.zipcode) { objects.address.set(zipcode, .string(a.zipcode)) }
                // The geo is built whole (``Fields/init(_:)`` never asks for part of it).
                if fields.contains(CanonicalGroup.geo), let g = a.geo {
                    objects.geo.set(lat, .string(g.lat))
                    objects.geo.set(lng, .string(g.lng))
                    let geo = objects.geo.copy()
                    objects.address.set(geoKey, geo)
                }
                let address = objects.address.copy()
                objects.user.set(addressKey, address)
            }
        }
        if fields.contains(CanonicalGroup.company) {
            objects.user.set(companyKey, .null)
            if let c = source.company {
                if fields.contains(.companyName) { objects.company.set(name, .string(c.name)) }
                if fields.contains(.catchPhrase) { objects.company.set(catchPhrase, .string(c.catchPhrase)) }
                if fields.contains(.bs) { objects.company.set(bs, .string(c.bs)) }
                let company = objects.company.copy()
                objects.user.set(companyKey, company)
            }
        }
    }

    /// Copies of the templates, for a caller that reuses one value per user.
    package func reusableValue() -> ReusableCanonicalUser {
        ReusableCanonicalUser(builder: self, objects: templates.copy())
    }

    /// `group`'s object with its keys in order, all `null`.
    private static func template(_ group: CanonicalGroup) -> JQValue {
        var object = JQValue.object()
        for member in group.members { object.set(member.key, .null) }
        return object
    }
}

/// The canonical user's objects as jq values, one for each ``CanonicalGroup``: the user, and
/// the nested objects a builder fills and then sets in their parents.
package struct CanonicalUserObjects: ~Copyable {
    package var user: JQValue
    package var address: JQValue
    package var geo: JQValue
    package var company: JQValue

    /// Second references to each.
    func copy() -> CanonicalUserObjects {
        CanonicalUserObjects(user: user.copy(), address: address.copy(), geo: geo.copy(), company: company.copy())
    }

    /// The user's object, the others dropped.
    consuming func take() -> JQValue { user.copy() }
}

extension CanonicalUserBuilder {
    /// Which fields a builder sets: a bit for each canonical field (its ``FieldSet`` bit), and
    /// one for each nested object itself (made when the source has it, with only the chosen
    /// keys set).
    package struct Fields: OptionSet, Hashable, Sendable {
        package let rawValue: UInt32

        package init(rawValue: UInt32) { self.rawValue = rawValue }

        /// One text field.
        package init(_ field: CanonicalField) { self.init(rawValue: FieldSet(field).rawValue) }

        /// The object itself, none of its keys.
        package static func object(_ group: CanonicalGroup) -> Fields { Fields(rawValue: 1 << (24 + UInt32(group.index))) }

        /// The object and everything in it.
        package static func whole(_ group: CanonicalGroup) -> Fields {
            var fields = Fields(rawValue: FieldSet(group.fields).rawValue)
            for nested in CanonicalGroup.allCases where group.holds(nested) { fields.insert(.object(nested)) }
            return fields
        }

        package static let all = whole(.user)

        package func contains(_ field: CanonicalField) -> Bool { rawValue & FieldSet(field).rawValue != 0 }
        package func contains(_ group: CanonicalGroup) -> Bool { contains(.object(group)) }

        /// The canonical fields among these (what the Gateway must build for them).
        package var canonicalFields: FieldSet { FieldSet(rawValue: rawValue & FieldSet.all.rawValue) }

        /// What an expression with this usage needs: the whole value under each path.
        package init(_ usage: JQFieldUsage) {
            guard case .paths(let paths) = usage else {
                self = .all
                return
            }
            var fields: Fields = []
            for path in paths {
                guard !path.isEmpty else {
                    self = .all
                    return
                }
                // Down the path through the canonical objects: the object under the first key
                // is made whenever the user has it, and the value under the second key (or the
                // first, or the text the path reaches) is wanted whole: deeper keys,
                // `.address.geo.lat`, build the whole geo, as the users `--where` fails on show
                // it in `--rejects`. Keys are compared byte for byte, as jq does (Swift's ==
                // would equate canonically equivalent text); a key the canonical user lacks is
                // always null: nothing more to build.
                var group = CanonicalGroup.user
                for (depth, key) in path.enumerated() {
                    guard let member = group.members.first(where: { $0.key.utf8.elementsEqual(key.utf8) }) else { break }
                    if case .group(let nested) = member, depth == 0, path.count > 1 {
                        fields.insert(.object(nested))
                        group = nested
                        continue
                    }
                    switch member {
                    case .field(let field): fields.insert(Fields(field))
                    case .group(let nested): fields.formUnion(.whole(nested))
                    }
                    break
                }
            }
            self = fields
        }
    }
}

extension User {
    /// The canonical user as a jq value (a one-off; use a ``CanonicalUserBuilder`` in loops).
    package func jqValue() -> JQValue { CanonicalUserBuilder().build(self) }
}

/// One canonical user value, overwritten in place for each user: for evaluating many users on one thread.
package struct ReusableCanonicalUser: ~Copyable {
    package let builder: CanonicalUserBuilder
    package var objects: CanonicalUserObjects

    /// The user's object, as libjq is given it.
    package var object: JQValue {
        _read { yield objects.user }
    }

    /// Overwrites the builder's fields from `user`. libjq must hold no reference to the value (see
    /// ``JQProgram/releaseInput()``), or each change copies it.
    package mutating func fill(from user: User) {
        builder.fill(&objects, from: user)
    }

    /// Whether someone besides this value (libjq, after a run) still holds the user object, so
    /// the next fill would copy it. A shared value is never changed under its other holders
    /// (`jv` copies on write), so this only decides speed.
    package var isShared: Bool { !objects.user.isUniquelyReferenced }
}
