@_spi(Pipeline) import UserListDomain
import Foundation

/// Case- and diacritic-insensitive text, as search and sort compare it (`José` → `jose`).
///
/// The result is byte-identical to Foundation's
/// `text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)`
/// (swift-corelibs-foundation's CFStringFold), which is what this used to call, but without
/// Foundation: ASCII is lowercased in place, anything else goes through `FoldingTable`, generated
/// from Foundation by
///
///     swift Scripts/generate-folding-table.swift > Sources/UserListViewModel/FoldingTable+Data.swift
///
/// (regenerate when the toolchain changes; TextFoldingTests fails when the table and Foundation
/// disagree). Only text containing one of the 38 context-dependent scalars listed in FoldingTable.swift
/// (deprecated decomposable marks such as U+0344, halfwidth kana sound marks, a few spacing viramas)
/// still goes to Foundation.
///
/// Measured on 100k names in a dozen scripts, 2/3 non-ASCII, 21 UTF-8 bytes on average (swiftc -O -wmo,
/// 2 shared vCPUs; the second figure with the other core busy): Foundation's folding 1.27/2.2 µs a name;
/// the old `fold` (ASCII shortcut, else Foundation) 0.79/1.4 µs; this `fold` 114/182 ns; `appendFolded`
/// into a reused buffer 94/144 ns; search, `foldedContains` 91/135 ns against 0.83/1.5 µs before. So 7–10×.
enum TextFolding {
    static func fold(_ text: String) -> String {
        var text = text
        let folded: String? = text.withUTF8 { utf8 in
            var capitals = false
            for byte in utf8 {
                if byte >= 0x80 { return foldNonASCII(utf8) }
                if byte &- UInt8(ascii: "A") < 26 { capitals = true }
            }
            return capitals ? lowercasedASCII(utf8) : nil
        }
        return folded ?? text  // ASCII without capitals is its own folded form
    }

    /// Text with non-ASCII bytes: the table, or Foundation for context-dependent text.
    private static func foldNonASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        tableFolded(utf8, composing: true) ?? foldBeyondTable(String(decoding: utf8, as: UTF8.self))
    }

    /// Text the table gave up on. Text in NFD (macOS file names, some input methods) that spells
    /// Hangul in conjoining jamo (`김` as U+1100 U+1175 U+11B7), kana with a combining sound mark
    /// (`か` + U+3099), Arabic with a combining hamza, is composed first
    /// (``CanonicalComposition``), so that it folds as its NFC form does: `김민준` typed
    /// precomposed finds it, and it sorts among them (Foundation keeps them apart, as it keeps
    /// every script's marks but Latin, Greek and Cyrillic ones). Then the table again, and what
    /// still depends on context (see FoldingTable.swift) goes to Foundation.
    private static func foldBeyondTable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { composesBeforeFolding($0.value) }) else {
            return foldedByFoundation(text)
        }
        var composed = CanonicalComposition.composed(text)
        return composed.withUTF8 { tableFolded($0, composing: false) } ?? foldedByFoundation(composed)
    }

    /// The table's folding of `utf8` as a String; nil when the table gives up (``foldUTF8``).
    private static func tableFolded(_ utf8: UnsafeBufferPointer<UInt8>, composing: Bool) -> String? {
        var fallback = false
        let folded = String(unsafeUninitializedCapacity: utf8.count * FoldingTable.maxGrowth) { buffer in
            let written = foldUTF8(utf8, into: buffer.baseAddress!, composing: composing)
            if written < 0 { fallback = true; return 0 }
            return written
        }
        return fallback ? nil : folded
    }

    private static func foldedByFoundation(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether NFC may join `scalar` with the one before it where folding keeps marks: text
    /// holding one is composed (``CanonicalComposition``) before it is folded.
    static func composesBeforeFolding(_ scalar: UInt32) -> Bool {
        FoldingTable.shared.entry(scalar) & FoldingTable.composes != 0
    }

    private static func lowercasedASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: utf8.count) { buffer in
            for (k, byte) in utf8.enumerated() { buffer[k] = lowercaseASCII(byte) }
            return utf8.count
        }
    }

    @inline(__always)
    static func lowercaseASCII(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
