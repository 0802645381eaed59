/// The colour of a user's initials circle: one of ``count`` palette classes (`c0`…`c11` in the
/// page's style), chosen by the id, so a user keeps the same colour on every page and every run.
///
/// FNV-1a of the id's bytes. Every palette colour carries white initials at a contrast of at
/// least 4.5:1 (WCAG AA), in light and dark schemes alike (the circle is the background).
enum AvatarColour {
    static let count = 12

    static func index(of id: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in id.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash % UInt32(count))
    }
}
