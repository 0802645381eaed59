import CICU

/// A BCP-47 locale (`sv`, `de-DE`, `tr`) that ICU has a collation for, checked against the
/// locales installed: ICU itself opens anything, falling back to the root order without a word,
/// so `--collate xx` would quietly sort as no locale at all.
public struct ICULocale: Hashable, Sendable {
    /// As given.
    public let tag: String
    /// ICU's id for it (`de_DE`).
    public let identifier: String

    public enum Failure: Error, Equatable { case malformed, unknown }

    public init(_ tag: String) throws(Failure) {
        var buffer = [CChar](repeating: 0, count: 160)
        let known = userlist_icu_locale(tag, &buffer, Int32(buffer.count - 1))
        guard known >= 0, !tag.isEmpty else { throw .malformed }
        guard known == 1 else { throw .unknown }
        self.tag = tag
        identifier = String(cString: buffer)
    }

    /// `text` lower-cased by this locale's rules (Turkish `I` → `ı`, `İ` → `i`).
    public func lowercased(_ text: String) -> String {
        let utf16 = Array(text.utf16)
        if utf16.isEmpty { return text }
        var out = [UInt16](repeating: 0, count: utf16.count + 8)
        var length = userlist_icu_lower(identifier, utf16, Int32(utf16.count), &out, Int32(out.count))
        if length > out.count {
            out = [UInt16](repeating: 0, count: Int(length))
            length = userlist_icu_lower(identifier, utf16, Int32(utf16.count), &out, Int32(out.count))
        }
        guard length >= 0 else { return text.lowercased() }
        return String(decoding: out[..<Int(length)], as: UTF16.self)
    }
}
