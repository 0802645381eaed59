/// No field holds a value: the same as no company at all (the contract's rule, as for
/// `Address`).
extension Company {
    package var isEmpty: Bool { name == nil && catchPhrase == nil && bs == nil }

    package var nonEmpty: Company? { isEmpty ? nil : self }
}
