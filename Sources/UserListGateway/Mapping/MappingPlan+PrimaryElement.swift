import UserListDomain
@_spi(Pipeline) import UserListJSON

/// Which element of a list is the user's own address, phone or photo.
extension MappingPlan {
    /// The element marked primary, else the first verified one, else the first: Google's
    /// `emails[{address, primary}]`, SCIM's `emails[{value, primary}]`, a list of
    /// `{address, verified}`, Clerk's `email_addresses[{verification: {status: "verified"}}]`,
    /// Google People's `emailAddresses[{metadata: {primary, verified}}]`. An element whose `id` is
    /// `id` is the primary one whatever its marks: Clerk names it beside the list
    /// (`primary_email_address_id`) and leaves the old addresses verified too.
    /// Also whether it was chosen for being verified (`--explain` says so).
    static func primaryChoice(of array: JSONNode, id: JSONNode? = nil) -> (element: JSONNode, verified: Bool)? {
        var first: JSONNode?
        var verified: JSONNode?
        var primary: JSONNode?
        var named: JSONNode?
        array.forEachElement { element in
            // Without an id to look for, the first primary element ends the search.
            guard named == nil, id != nil || primary == nil else { return }
            if first == nil { first = element }
            guard element.kind == .object else { return }
            if let id, let own = element.field("id"), Self.sameID(own, id) { named = element; return }
            guard primary == nil else { return }
            let flags = marks(of: element)
            if flags.primary { primary = element } else if verified == nil, flags.verified { verified = element }
        }
        if let named { return (named, false) }
        if let primary { return (primary, false) }
        if let verified { return (verified, true) }
        return first.map { ($0, false) }
    }

    /// Whether an element is marked primary (`primary`, `is_primary`, `isPrimary`, `is-primary`)
    /// or verified (`verified`, `is_verified`, `isVerified`, `email_verified`, `verification.status`
    /// `"verified"`), itself or in its `metadata` (Google People's way): one pass over its keys.
    private static func marks(of element: JSONNode, nested: Bool = false) -> (primary: Bool, verified: Bool) {
        var primary = false, verified = false
        element.forEachField { key, value in
            // Byte arrays made once: a literal's `.utf8` compared unspecialised cost 9M
            // instructions on 20k SCIM records (callgrind), 1.6% of their export.
            switch key.count {
            case 7 where key.elementsEqual(MarkKeys.primary):
                primary = primary || value.bool == true
            case 8 where key.elementsEqual(MarkKeys.verified), 10 where key.elementsEqual(MarkKeys.isVerified),
                 11 where key.elementsEqual(MarkKeys.is_verified), 14 where key.elementsEqual(MarkKeys.email_verified):
                verified = verified || value.bool == true
            case 9 where key.elementsEqual(MarkKeys.isPrimary), 10 where key.elementsEqual(MarkKeys.is_primary) || key.elementsEqual(MarkKeys.isDashPrimary):
                primary = primary || value.bool == true
            case 8 where !nested && key.elementsEqual(MarkKeys.metadata):
                if value.kind == .object {
                    let inner = marks(of: value, nested: true)
                    primary = primary || inner.primary
                    verified = verified || inner.verified
                }
            case 12 where key.elementsEqual(MarkKeys.verification):
                verified = verified || value.field("status")?.string == "verified"
            default:
                break
            }
        }
        return (primary, verified)
    }

    private enum MarkKeys {
        static let primary = Array("primary".utf8), isPrimary = Array("isPrimary".utf8), is_primary = Array("is_primary".utf8)
        static let isDashPrimary = Array("is-primary".utf8), verified = Array("verified".utf8), isVerified = Array("isVerified".utf8)
        static let is_verified = Array("is_verified".utf8), email_verified = Array("email_verified".utf8)
        static let metadata = Array("metadata".utf8), verification = Array("verification".utf8)
    }

    /// The keys beside a list that may name its primary element's id: `email_addresses` →
    /// `primary_email_address_id`, `phoneNumbers` → `primaryPhoneNumberId` (the list's name made
    /// singular by dropping `es` or `s`). Only for a list at the record's top level.
    static func primaryIDKeys(for path: FieldPath) -> [String] {
        guard path.keys.count == 1, let list = path.keys.first, list.hasSuffix("s") else { return [] }
        let singulars = [String(list.dropLast(2)), String(list.dropLast())].filter { !$0.isEmpty }
        return singulars.map { singular in
            if singular.contains("_") { return "primary_\(singular)_id" }
            return "primary\(singular.prefix(1).uppercased())\(singular.dropFirst())Id"
        }
    }

    /// The id the record names for the list of source `key` (``primaryIDKeys(for:)``), if any.
    func primaryID(_ key: Int, _ slots: Slots) -> JSONNode? {
        for slot in primaryIDSlots[key] {
            if let id = slots.node(slot), id.stringBytes != nil || id.number != nil { return id }
        }
        return nil
    }

    private static func sameID(_ a: JSONNode, _ b: JSONNode) -> Bool {
        if let x = a.stringBytes, let y = b.stringBytes { return x.elementsEqual(y) }
        if let x = a.number, let y = b.number { return x.text == y.text }
        return false
    }
}
