/// Strings that point at a record rather than name it: a URL (Calendly's `"organization":
/// "https://api.calendly.com/organizations/AAAA…"`) or an opaque id (JumpCloud's `"organization":
/// "5a1b2c3d4e5f6a7b8c9d0e1f"`, a UUID) or a row's number (`"3"`). A company's name is never one:
/// the row shows no company.
enum ReferenceText {
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.starts(with: "https://".utf8) || bytes.starts(with: "http://".utf8) || bytes.starts(with: "urn:".utf8) { return true }
        // Only digits: a row's number (ActiveCampaign's `"organization": "3"`), no company's name.
        if !bytes.isEmpty, bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        // 16 or more hex digits, dashes allowed (a UUID, a MongoDB ObjectId), with a digit among them.
        guard bytes.count >= 16, bytes.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        return bytes.allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F")) || byte == UInt8(ascii: "-")
        }
    }
}
