import UserListDomain

extension User {
    /// A user from canonical field values in the table's order (the spool's form): an address,
    /// geo or company with nothing in it is nil, as the Service's normalising leaves it.
    init(values: [String?]) {
        self.init(id: "")
        for field in CanonicalField.allCases { setText(values[Int(field.ordinal)], of: field) }
    }
}
