/// Strings that read as an email address, for the sign-in names some APIs give in place of an
/// email: Box's `login` (`"login": "ceo@example.com"`, no `email` key), Okta's `profile.login`,
/// a Keycloak `username` set to the address. A handle (`octocat`) or a Matrix id
/// (`@alice:example.org`) is not one.
enum EmailAddressText {
    /// A local part, one `@`, then a domain with a dot inside it; no white space, no second `@`.
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0, at < bytes.count - 3 else { return false }
        let domain = bytes[(at + 1)...]
        guard let dot = domain.lastIndex(of: UInt8(ascii: ".")), dot > domain.startIndex, dot < bytes.count - 1 else { return false }
        return !bytes.contains { $0 <= 0x20 || $0 == 0x7F } && !domain.contains(UInt8(ascii: "@"))
    }
}
