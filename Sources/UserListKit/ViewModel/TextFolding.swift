import Foundation

/// Case- and diacritic-insensitive text, as search and sort compare it (`José` → `jose`).
///
/// ASCII text, the common case, is lowercased byte by byte; anything else goes through
/// Foundation's Unicode folding, which is correct but slow, so it is only used when needed.
enum TextFolding {
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map(lowercaseASCII), as: UTF8.self)
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    @inline(__always)
    static func lowercaseASCII(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
