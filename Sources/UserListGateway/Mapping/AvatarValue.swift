import UserListDomain
@_spi(Pipeline) import UserListJSON
/// How the value of an avatar source becomes one URL, whichever mapping reads it. APIs send avatars
/// in four ways, and each is read by rule, not by the API's name:
///
/// - a URL (`https://…`, `//…`, `/…`, `data:…`); anything else — Discord's image hash — is no avatar;
/// - a URL template with a size placeholder (Discourse's `avatar_template`
///   `/user_avatar/…/{size}/7_2.png`): every placeholder of ``placeholders`` becomes ``templateSize``;
/// - a map of URLs keyed by size (WordPress's `avatar_urls` `{"24", "48", "96"}`, Jira's
///   `avatarUrls` `{"16x16", …, "48x48"}`, Asana's `photo` `{"image_21x21", …, "image_128x128"}`):
///   the URL under the largest size, where a key's size is the number in it, or `W×H` for `WxH`
///   (keys without a number, such as `original` or `large`, are not sizes and are not chosen);
/// - an array of images (Spotify's `images` `[{url, width, height}]`): the largest by width × height
///   (a missing side counts as the other one), else the first with a URL.
enum AvatarValue {
    /// What a template's placeholders become: large enough for a retina list row, and a size
    /// Discourse, Gravatar-style services and image CDNs all serve.
    static let templateSize = "512"
    /// Size placeholders, as templates write them (`{size}`; Twitch writes `{width}x{height}`).
    static let placeholders = ["{size}", "{width}", "{height}", "{w}", "{h}", "{s}", "%s"]
    /// Where an image object of an array keeps its URL, first found wins.
    static let imageURLKeys = ["url", "src", "href", "uri", "value"]

    /// The chosen image of a size map or an image array: the URL, how `--explain` names it
    /// (`."96"`, `[0].url`), and why it was chosen.
    struct Choice {
        var url: JSONNode
        var selector: String
        var note: String
    }

    // MARK: Strings

    /// Whether a string node is an avatar URL (or template).
    @inline(__always)
    static func isURL(_ node: JSONNode) -> Bool {
        guard let bytes = node.stringBytes else { return false }
        return looksLikeURL(bytes)
    }

    /// `scheme://…`, `//host/…`, `/path` or `data:…`, after any leading white space.
    static func looksLikeURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.firstIndex(where: { !$0.isJSONWhitespace }) else { return false }
        let text = bytes[start...]
        if text.first == UInt8(ascii: "/") || text.starts(with: "data:".utf8) { return true }
        let scheme = text.prefix { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
        return !scheme.isEmpty && text.dropFirst(scheme.count).starts(with: "://".utf8)
    }

    /// The URL's text, with any size placeholder filled in.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard mayBeTemplate(bytes) else { return text }
        var filled = text
        for placeholder in placeholders { filled = filled.replacingAll(placeholder, with: templateSize) }
        return filled
    }

    /// The placeholders a template holds (empty for a plain URL), for `--explain`.
    static func placeholders(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        guard mayBeTemplate(bytes) else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        return placeholders.filter { text.contains($0) }
    }

    /// A cheap test that rules out almost every plain URL: no `{` and no `%s`.
    @inline(__always)
    private static func mayBeTemplate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "{") || (byte == UInt8(ascii: "s") && previous == UInt8(ascii: "%")) { return true }
            previous = byte
        }
        return false
    }

    // MARK: Size maps and image arrays

    /// The largest image of a size map (an object) or an image array, if `node` is one.
    static func largest(in node: JSONNode) -> Choice? {
        switch node.kind {
        case .object: largestOfSizeMap(node)
        case .array: largestOfImages(node)
        default: nil
        }
    }

    private static func largestOfSizeMap(_ map: JSONNode) -> Choice? {
        var best: (url: JSONNode, key: UnsafeBufferPointer<UInt8>, area: Int)?
        var sizes = 0
        map.forEachField { key, value in
            guard let area = area(ofKey: key), isURL(value) else { return }
            sizes += 1
            if best == nil || area > best!.area { best = (value, key, area) }
        }
        guard let best else { return nil }
        let key = String(decoding: best.key, as: UTF8.self)
        return Choice(url: best.url, selector: selector(key), note: "largest of \(sizes) \(sizes == 1 ? "size" : "sizes")")
    }

    private static func largestOfImages(_ array: JSONNode) -> Choice? {
        var best: (url: JSONNode, index: Int, key: String, area: Int, size: String)?
        var index = 0, images = 0
        array.forEachElement { element in
            defer { index += 1 }
            if isURL(element) {
                images += 1
                if best == nil { best = (element, index, "", 0, "") }
                return
            }
            guard element.kind == .object, let (key, url) = imageURL(of: element) else { return }
            images += 1
            let width = dimension(element.field("width")), height = dimension(element.field("height"))
            let w = width ?? height ?? 0, h = height ?? width ?? 0
            if best == nil || w * h > best!.area {
                best = (url, index, key, w * h, w * h > 0 ? "\(w)x\(h)" : "")
            }
        }
        guard let best else { return nil }
        let selector = "[\(best.index)]" + (best.key.isEmpty ? "" : ".\(best.key)")
        let note = best.size.isEmpty ? "first of \(images)" : "\(best.size), largest of \(images)"
        return Choice(url: best.url, selector: selector, note: note)
    }

    private static func imageURL(of image: JSONNode) -> (String, JSONNode)? {
        for key in imageURLKeys {
            if let url = image.field(bytes: Array(key.utf8)), isURL(url) { return (key, url) }
        }
        return nil
    }

    private static func dimension(_ node: JSONNode?) -> Int? {
        guard let value = node?.number?.integer, value > 0, value < 1 << 20 else { return nil }
        return value
    }

    /// A key's size: its first number, squared, or `W × H` when it reads `WxH` (`image_128x128`,
    /// `48x48`, `96`). Nil for a key with no number.
    static func area(ofKey key: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while i < key.count, !isDigit(key[i]) { i += 1 }
        guard i < key.count else { return nil }
        let (width, afterWidth) = number(in: key, from: i)
        var j = afterWidth
        if j < key.count, key[j] == UInt8(ascii: "x") || key[j] == UInt8(ascii: "X") {
            j += 1
            if j < key.count, isDigit(key[j]) { return width * number(in: key, from: j).value }
        }
        return width * width
    }

    private static func number(in key: UnsafeBufferPointer<UInt8>, from start: Int) -> (value: Int, end: Int) {
        var value = 0, i = start
        while i < key.count, isDigit(key[i]) {
            if value < 1 << 20 { value = value * 10 + Int(key[i] - UInt8(ascii: "0")) }
            i += 1
        }
        return (value, i)
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `.image_128x128`, or `."96"` for a key jq needs quoted.
    private static func selector(_ key: String) -> String {
        let plain = key.first.map { !$0.isNumber } == true
            && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return plain ? ".\(key)" : ".\"\(key)\""
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
