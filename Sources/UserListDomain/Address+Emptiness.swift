/// No field holds a value: the same as no address at all (the contract's rule; the Service
/// applies it, and the Gateway when it builds one from nothing).
extension Address {
    package var isEmpty: Bool { street == nil && suite == nil && city == nil && zipcode == nil && (geo?.isEmpty ?? true) }

    /// The address, without an empty geo; nil when nothing is left.
    package var nonEmpty: Address? {
        var address = self
        if address.geo?.isEmpty == true { address.geo = nil }
        return address.isEmpty ? nil : address
    }
}
