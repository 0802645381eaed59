/// Which avatar URLs a page may load: `http:` and `https:` ones, nothing else.
///
/// An avatar URL comes from the payload. In a `src`, `javascript:` would be script (in old
/// browsers), `data:` an image the payload author drew (an SVG, a tracking pixel, a phishing
/// badge), `file:` a file of the reader's, and a relative or protocol-relative URL a file next to
/// wherever the page is opened. So only an absolute `http://` or `https://` URL (scheme in any
/// case) with no white space or control character in it becomes an `<img>`; any other user gets
/// the initials alone, as one with no avatar does.
enum AvatarSource {
    static func loadable(_ url: String?) -> String? {
        guard let url else { return nil }
        let bytes = url.utf8
        // Everything a browser would strip or choke on: spaces, tabs, line breaks, C0, DEL.
        guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return nil }
        for scheme in ["http://", "https://"] where bytes.count > scheme.utf8.count {
            if zip(bytes, scheme.utf8).allSatisfy({ lowercased($0) == $1 }) { return url }
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
