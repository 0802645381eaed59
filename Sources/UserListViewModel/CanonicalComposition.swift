import Foundation

/// NFC's compositions that folding would otherwise keep apart, and nothing else of NFC: a scalar
/// joins the one before it when NFC makes the two one and the script keeps its marks when folded —
/// Hangul jamo (U+1100 U+1161 → 가, 가 U+11A8 → 각), kana and their sound marks (か U+3099 → が),
/// Arabic hamza and madda (ا U+0654 → أ), Indic two-part vowels (ে U+09BE → ো), nuktas that compose.
/// (Latin, Greek and Cyrillic lose their marks when folded, so NFD and NFC fold alike there.)
/// Text in NFD spells each pair side by side, so this gives NFC for them; everything else stays as
/// it was, so that folding a text's first bytes (a page bound's check) still begins its whole
/// folding — full NFC would also rewrite composition exclusions and reorder marks anywhere in it.
enum CanonicalComposition {
    /// The scalars NFC joins with the one before them in those scripts: the Hangul vowel and
    /// final jamo, and the marks below (Unicode 14's primary composites whose first scalar is
    /// past Cyrillic, U+0338's mathematical negations aside). ``FoldingTable`` flags them
    /// `composes`; the page's script tests for them (``HTMLPageScript``).
    static let seconds: [UInt32] = Array(0x1161...0x1175) + Array(0x11A8...0x11C2) + marks

    private static let marks: [UInt32] = [
        0x0653, 0x0654, 0x0655, 0x093C, 0x09BE, 0x09D7, 0x0B3E, 0x0B56, 0x0B57, 0x0BBE, 0x0BD7, 0x0C56,
        0x0CC2, 0x0CD5, 0x0CD6, 0x0D3E, 0x0D57, 0x0DCA, 0x0DCF, 0x0DDF, 0x102E, 0x1B35, 0x3099, 0x309A,
        0x110BA, 0x11127, 0x1133E, 0x11357, 0x114B0, 0x114BA, 0x114BD, 0x115AF, 0x11930,
    ]

    static func composed(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let previous = out.last, let joined = joined(previous.value, scalar.value), let composed = Unicode.Scalar(joined) {
                out.removeLast()
                out.append(composed)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The one scalar `first` and `second` compose to, if any.
    static func joined(_ first: UInt32, _ second: UInt32) -> UInt32? {
        // Unicode's Hangul composition: L + V → LV, LV + T → LVT.
        if second &- 0x1161 < 21 {
            return first &- 0x1100 < 19 ? 0xAC00 + ((first - 0x1100) * 21 + (second - 0x1161)) * 28 : nil
        }
        if second &- 0x11A8 < 27 {
            return first &- 0xAC00 < 11172 && (first - 0xAC00) % 28 == 0 ? first + (second - 0x11A7) : nil
        }
        return pairs[UInt64(first) << 32 | UInt64(second)]
    }

    /// Each mark with every scalar of its own block that NFC composes it with (the first of every
    /// such pair, and its composite, are in the mark's block): ~110 pairs, made once, when the
    /// first text holding a mark is folded (~8,000 one-scalar strings normalised, a few
    /// milliseconds). Read from each composite's NFD — its last scalar the mark, the rest composed
    /// again the first — not by composing pairs: Foundation leaves U+0CCA U+0CD5 apart, yet
    /// composes U+0CC6 U+0CC2 U+0CD5 into U+0CCB.
    private static let pairs: [UInt64: UInt32] = {
        var pairs: [UInt64: UInt32] = [:]
        for mark in marks {
            for composite in (mark & ~0xFF)...(mark | 0xFF) {
                guard let scalar = Unicode.Scalar(composite) else { continue }
                let text = String(scalar)
                // Only a composite NFC makes (not a composition exclusion such as U+0958).
                guard text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(text.unicodeScalars) else { continue }
                var decomposed = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
                guard decomposed.count >= 2, decomposed.removeLast().value == mark else { continue }
                let first = String(String.UnicodeScalarView(decomposed)).precomposedStringWithCanonicalMapping.unicodeScalars
                if first.count == 1 { pairs[UInt64(first.first!.value) << 32 | UInt64(mark)] = composite }
            }
        }
        return pairs
    }()
}
