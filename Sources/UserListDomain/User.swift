/// A person in the list, as the rest of the app sees them whatever API they came from.
///
/// This is the canonical user of the contract: the Gateway maps every source shape to it and the
/// Service normalises it (trimmed strings, empty → `nil`, the id always a non-empty string).
///
/// A value type with copy-on-write storage: a user passes through several stages for every record
/// of a big input, and copying one reference is much cheaper than copying ~20 strings.
public struct User: Sendable {
    fileprivate(set) var storage: Storage

    public init(
        id: String, name: String? = nil, username: String? = nil, email: String? = nil,
        avatarURL: String? = nil, bio: String? = nil, phone: String? = nil, website: String? = nil,
        address: Address? = nil, company: Company? = nil
    ) {
        storage = Storage(
            id: id, name: name, username: username, email: email, avatarURL: avatarURL, bio: bio,
            phone: phone, website: website, address: address, company: company)
    }

    public var id: String {
        _read { yield storage.id }
        _modify {
            makeUnique()
            yield &storage.id
        }
    }
    public var name: String? {
        _read { yield storage.name }
        _modify {
            makeUnique()
            yield &storage.name
        }
    }
    public var username: String? {
        _read { yield storage.username }
        _modify {
            makeUnique()
            yield &storage.username
        }
    }
    public var email: String? {
        _read { yield storage.email }
        _modify {
            makeUnique()
            yield &storage.email
        }
    }
    public var avatarURL: String? {
        _read { yield storage.avatarURL }
        _modify {
            makeUnique()
            yield &storage.avatarURL
        }
    }
    public var bio: String? {
        _read { yield storage.bio }
        _modify {
            makeUnique()
            yield &storage.bio
        }
    }
    public var phone: String? {
        _read { yield storage.phone }
        _modify {
            makeUnique()
            yield &storage.phone
        }
    }
    public var website: String? {
        _read { yield storage.website }
        _modify {
            makeUnique()
            yield &storage.website
        }
    }
    public var address: Address? {
        _read { yield storage.address }
        _modify {
            makeUnique()
            yield &storage.address
        }
    }
    public var company: Company? {
        _read { yield storage.company }
        _modify {
            makeUnique()
            yield &storage.company
        }
    }

    /// Copies the storage first if another value shares it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Only ever changed through a uniquely referenced `User` (`makeUnique()`), so the runtime's
    /// exclusivity checks on every field access (5% of a run's instructions) guard nothing.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var id: String
        @exclusivity(unchecked) var name: String?
        @exclusivity(unchecked) var username: String?
        @exclusivity(unchecked) var email: String?
        @exclusivity(unchecked) var avatarURL: String?
        @exclusivity(unchecked) var bio: String?
        @exclusivity(unchecked) var phone: String?
        @exclusivity(unchecked) var website: String?
        @exclusivity(unchecked) var address: Address?
        @exclusivity(unchecked) var company: Company?

        init(
            id: String, name: String?, username: String?, email: String?, avatarURL: String?, bio: String?,
            phone: String?, website: String?, address: Address?, company: Company?
        ) {
            self.id = id
            self.name = name
            self.username = username
            self.email = email
            self.avatarURL = avatarURL
            self.bio = bio
            self.phone = phone
            self.website = website
            self.address = address
            self.company = company
        }

        func copy() -> Storage {
            Storage(
                id: id, name: name, username: username, email: email, avatarURL: avatarURL, bio: bio,
                phone: phone, website: website, address: address, company: company)
        }
    }
}
