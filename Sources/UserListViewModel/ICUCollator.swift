import CICU

/// `--collate LOCALE`: ICU's collation for the locale, as sort keys (``SortCollator``).
///
/// One collator for the run, shared by the reading threads: ICU's collators are safe to use from
/// several threads at once for what does not change them, and `ucol_getSortKey` changes nothing.
public final class ICUCollator: SortCollator, @unchecked Sendable {
    public let locale: String
    private let collator: UnsafeMutableRawPointer

    public init(_ locale: ICULocale) throws(ICULocale.Failure) {
        guard let collator = userlist_icu_collator(locale.identifier) else { throw .unknown }
        self.locale = locale.tag
        self.collator = collator
    }

    deinit { userlist_icu_close(collator) }

    /// ICU's sort key without its final 00 (it holds no other): bytes in the locale's order.
    public func appendKey(_ text: String, to key: inout [UInt8]) {
        let utf16 = Array(text.utf16)
        var capacity = utf16.count * 4 + 16
        while true {
            let start = key.count
            key.append(contentsOf: repeatElement(0, count: capacity))
            let length = key.withUnsafeMutableBufferPointer { buffer in
                Int(userlist_icu_sort_key(collator, utf16, Int32(utf16.count), buffer.baseAddress! + start, Int32(capacity)))
            }
            if length <= capacity {
                key.removeLast(capacity - max(0, length - 1))
                return
            }
            key.removeLast(capacity)
            capacity = length
        }
    }
}
