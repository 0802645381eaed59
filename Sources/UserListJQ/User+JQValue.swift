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
    /// Every object's keys as jq strings, made once: borrowed by each `set`.
    private let keys: JQKeys
    /// For each object (by ``CanonicalGroup/index``): its members, and where each one's key is in ``keys``.
    private let layout: [[(member: CanonicalMember, key: Int)]]

    /// The fields this builder sets; the others stay `null`.
    package let fields: Fields

    package init(fields: Fields = .all) {
        self.fields = fields
        var names: [String] = []
        layout = CanonicalGroup.allCases.map { group in
            group.members.map { member in
                names.append(member.key)
                return (member, names.count - 1)
            }
        }
        keys = JQKeys(names)
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
    package func fill(_ objects: inout CanonicalUserObjects, from source: User) {
        fill(.user, &objects, from: source)
    }

    private func fill(_ group: CanonicalGroup, _ objects: inout CanonicalUserObjects, from source: User) {
        for (member, key) in layout[group.index] {
            switch member {
            case .field(let field):
                if fields.contains(field) { objects.set(group, keys, at: key, .string(source.text(of: field))) }
            case .group(let nested):
                guard fields.contains(nested) else { continue }
                // Detach the nested object first, so this builder's references are the only ones.
                objects.set(group, keys, at: key, .null)
                guard source.has(nested) else { continue }
                fill(nested, &objects, from: source)
                let filled = objects.copy(of: nested)
                objects.set(group, keys, at: key, filled)
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

    func copy(of group: CanonicalGroup) -> JQValue {
        switch group {
        case .user: user.copy()
        case .address: address.copy()
        case .geo: geo.copy()
        case .company: company.copy()
        }
    }

    mutating func set(_ group: CanonicalGroup, _ keys: borrowing JQKeys, at index: Int, _ value: consuming JQValue) {
        switch group {
        case .user: user.set(keys, at: index, value)
        case .address: address.set(keys, at: index, value)
        case .geo: geo.set(keys, at: index, value)
        case .company: company.set(keys, at: index, value)
        }
    }
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
