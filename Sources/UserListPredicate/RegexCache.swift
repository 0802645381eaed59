import COniguruma

/// Regexes compiled once per evaluator (libjq 1.6 compiles `test()`'s regex again for every
/// call), with the engine, syntax and options jq 1.6 uses, so they match what jq's match.
final class RegexCache {
    private struct Key: Hashable {
        var pattern: String
        var options: OnigOptionType
    }
    private var compiled: [Key: Regex] = [:]

    /// Oniguruma sets itself up on first use; doing it once, on the thread that compiles the
    /// expression (``NativePredicate``), keeps two workers from doing it at the same time.
    static let initialised: Bool = {
        var encodings: [OnigEncoding?] = [userlist_onig_utf8()]
        return encodings.withUnsafeMutableBufferPointer { onig_initialize($0.baseAddress, 1) } == ONIG_NORMAL
    }()

    func regex(_ pattern: String, flags: PredicateValue) throws(PredicateFailure) -> Regex {
        let key = Key(pattern: pattern, options: try Self.options(flags))
        if let regex = compiled[key] { return regex }
        guard Self.initialised, let regex = Regex(pattern, options: key.options) else { throw .jqError }  // Regex failure
        compiled[key] = regex
        return regex
    }

    /// jq 1.6's modifier letters; `g` changes nothing for `test`.
    private static func options(_ flags: PredicateValue) throws(PredicateFailure) -> OnigOptionType {
        var options = userlist_onig_capture_group()
        switch flags {
        case .null:
            return options
        case .string(let letters):
            for letter in letters.unicodeScalars {
                switch letter {
                case "g": break
                case "i": options |= userlist_onig_ignorecase()
                case "x": options |= userlist_onig_extend()
                case "m": options |= userlist_onig_multiline()
                case "s": options |= userlist_onig_singleline()
                case "p": options |= userlist_onig_multiline() | userlist_onig_singleline()
                case "l": options |= userlist_onig_find_longest()
                case "n": options |= userlist_onig_find_not_empty()
                default: throw .jqError  // ... is not a valid modifier string
                }
            }
            return options
        default:
            throw .jqError  // ... is not a string
        }
    }

    /// One compiled Oniguruma regex and its match region.
    final class Regex {
        private let regex: OnigRegex
        private let region: UnsafeMutablePointer<OnigRegion>

        init?(_ pattern: String, options: OnigOptionType) {
            var compiled: OnigRegex?
            var error = OnigErrorInfo()
            var pattern = pattern
            let status = pattern.withUTF8 { bytes in
                Self.withNonNullBase(bytes) { start in
                    onig_new(&compiled, start, start + bytes.count, options, userlist_onig_utf8(), userlist_onig_perl_ng(), &error)
                }
            }
            guard status == ONIG_NORMAL, let compiled, let region = onig_region_new() else { return nil }
            regex = compiled
            self.region = region
        }

        deinit {
            onig_region_free(region, 1)
            onig_free(regex)
        }

        /// `onig_search` over the whole text, as jq 1.6's `test` runs it.
        func matches(_ text: String) throws(PredicateFailure) -> Bool {
            var text = text
            let status = text.withUTF8 { bytes in
                Self.withNonNullBase(bytes) { start in
                    onig_search(regex, start, start + bytes.count, start, start + bytes.count, region, userlist_onig_none())
                }
            }
            if status >= 0 { return true }
            if status == ONIG_MISMATCH { return false }
            throw .jqError  // jq reports the engine's failure
        }

        /// An empty Swift string may have no buffer; Oniguruma wants a pointer all the same.
        private static func withNonNullBase<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<UInt8>) -> R) -> R {
            if let base = bytes.baseAddress { return body(base) }
            var byte: UInt8 = 0
            return withUnsafePointer(to: &byte) { body($0) }
        }
    }
}
