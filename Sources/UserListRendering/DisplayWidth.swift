@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many terminal columns a string takes: CJK and emoji 2, combining marks 0, the rest 1.
///
/// Each Unicode scalar is measured with the C library's `wcwidth`, which only knows Unicode under a
/// UTF-8 `LC_CTYPE`; `prepareLocale()` arranges one, and runs by itself before the first
/// measurement so tests and the CLI agree whatever `LANG` says. Unprintable scalars (for which
/// `wcwidth` returns -1) count 1. Strings of printable ASCII take a fast path that never calls
/// `wcwidth`. If no UTF-8 locale can be had, a small built-in table of wide and combining ranges
/// stands in.
public enum DisplayWidth {
    /// Whether `wcwidth` runs under a UTF-8 locale; decided once, on first use.
    private static let wcwidthKnowsUnicode: Bool = prepareLocale()

    /// The C library's `wcwidth`, looked up at run time: Swift's Glibc module leaves it out
    /// (glibc declares it only under `_XOPEN_SOURCE`), and this target has no C shim of its own.
    private static let cWcwidth: (@convention(c) (wchar_t) -> Int32)? = {
        guard let symbol = dlsym(nil, "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
    }()

    /// Makes `LC_CTYPE` a UTF-8 locale: the environment's when it is one, else `C.UTF-8`.
    ///
    /// Only `LC_CTYPE` changes, so number formatting and messages are unaffected. Returns whether
    /// the resulting locale is UTF-8. Safe to call again; the measuring functions call it once.
    @discardableResult
    public static func prepareLocale() -> Bool {
        if codesetIsUTF8() { return true }
        if setlocale(LC_CTYPE, ""), codesetIsUTF8() { return true }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
            if setlocale(LC_CTYPE, name), codesetIsUTF8() { return true }
        }
        return false
    }

    private static func setlocale(_ category: Int32, _ name: String) -> Bool {
        #if canImport(Glibc)
        Glibc.setlocale(category, name) != nil
        #else
        Darwin.setlocale(category, name) != nil
        #endif
    }

    private static func codesetIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        // glibc says "UTF-8"; other C libraries have been seen to say "utf8".
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }

    /// The display width of `s`, in terminal columns.
    public static func of(_ s: String) -> Int {
        let ascii: Int? = s.utf8.withContiguousStorageIfAvailable { utf8 in
            for b in utf8 where b < 0x20 || b > 0x7E { return nil }
            return utf8.count
        } ?? nil
        if let ascii { return ascii }
        var total = 0
        for scalar in s.unicodeScalars { total += of(scalar) }
        return total
    }

    /// The display width of one scalar: 0, 1 or 2.
    @inline(__always)
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return 1 }
        if v < 0xA0 { return 1 }  // C0 and C1 controls and DEL: unprintable, shown as one cell
        if wcwidthKnowsUnicode, let wcwidth = cWcwidth {
            let w = Int(wcwidth(wchar_t(bitPattern: v)))
            return w < 0 ? 1 : w
        }
        return fallbackWidth(v)
    }

    /// `s` cut to at most `width` columns, ending in `…` when anything was cut.
    ///
    /// Cuts between grapheme clusters, so a base letter keeps its accents and an emoji sequence
    /// is kept or dropped whole.
    static func truncated(_ s: String, toWidth width: Int) -> String {
        if of(s) <= width { return s }
        guard width >= 1 else { return "" }
        let room = width - 1  // the ellipsis takes one column
        var used = 0
        var end = s.startIndex
        for character in s {
            var w = 0
            for scalar in character.unicodeScalars { w += of(scalar) }
            if used + w > room { break }
            used += w
            end = s.index(after: end)
        }
        return s[..<end] + "…"
    }

    /// East Asian wide and combining ranges, for when no UTF-8 locale is installed.
    private static func fallbackWidth(_ v: UInt32) -> Int {
        switch v {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x20D0...0x20FF,
             0xFE00...0xFE0F, 0xFE20...0xFE2F:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
