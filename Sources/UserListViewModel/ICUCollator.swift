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
    ///
    /// The text's UTF-16 and the key are made in temporary buffers (on the stack when small) and
    /// the key appended once, where an array of the UTF-16 and zeros appended for the key's room
    /// and cut off again cost ~110 instructions a key more (`--sort name --collate sv` export of
    /// 50k users: 1,020M → 1,015M; ICU's own work is most of the rest).
    public func appendKey(_ text: String, to key: inout [UInt8]) {
        let units = text.utf16.count
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(units, 1)) { utf16 in
            _ = utf16.initialize(from: text.utf16)
            var capacity = units * 4 + 16
            while true {
                let length = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { out -> Int in
                    let length = Int(userlist_icu_sort_key(collator, utf16.baseAddress, Int32(units), out.baseAddress!, Int32(capacity)))
                    if length <= capacity { key.append(contentsOf: UnsafeBufferPointer(rebasing: out[..<max(0, length - 1)])) }
                    return length
                }
                if length <= capacity { return }
                capacity = length
            }
        }
    }
}
