import UserListDomain
@_spi(Pipeline) import UserListJSON
/// How the value of an avatar source becomes one URL, whichever mapping reads it. APIs send avatars
/// in five ways, and each is read by rule, not by the API's name:
///
/// - a URL; only one a list can show is kept (``usable(_:base:)``): `https://…` and `http://…` as
///   they are, `//host/…` with `https:`, a path (`/…`, `./…`, `../…`) resolved against
///   `--base-url`; anything else — a path without `--base-url`, Matrix's `mxc://`, a `data:` URI,
///   Discord's image hash — is no avatar, and the row shows its initials;
/// - a URL template with a size placeholder (Discourse's `avatar_template`
///   `/user_avatar/…/{size}/7_2.png`): every placeholder of ``placeholders`` becomes ``templateSize``;
/// - a map of URLs keyed by size (WordPress's `avatar_urls` `{"24", "48", "96"}`, Jira's
///   `avatarUrls` `{"16x16", …, "48x48"}`, Asana's `photo` `{"image_21x21", …, "image_128x128"}`):
///   the URL under the largest size, where a key's size is the number in it, or `W×H` for `WxH`
///   (keys without a number, such as `original` or `large`, are not sizes and are not chosen);
/// - an image object, not a size map (`{"href": …}` under an `avatar`, Intercom's
///   `avatar.image_url`, Shopify's `image.url`, Zendesk's `photo.content_url`): its URL
///   (``imageURLKeys``);
/// - an array of images (Spotify's `images` `[{url, width, height}]`): the largest by width × height
///   (a missing side counts as the other one), else the first with a URL.
enum AvatarValue {
    /// What a template's placeholders become: large enough for a retina list row, and a size
    /// Discourse, Gravatar-style services and image CDNs all serve.
    static let templateSize = "512"
    /// Size placeholders, as templates write them (`{size}`; Twitch writes `{width}x{height}`).
    static let placeholders = ["{size}", "{width}", "{height}", "{w}", "{h}", "{s}", "%s"]
    /// Where an image object keeps its URL, first found wins: the image's own content first
    /// (Zendesk's `photo` has a `url` too, the attachment's API resource).
    static let imageURLKeys = ["content_url", "contentUrl", "image_url", "imageUrl", "avatar_url", "avatarUrl", "url", "src", "href", "uri", "value", "link", "path"]

    /// The chosen image of a size map, an image object or an image array: the URL, how
    /// `--explain` names it (`."96"`, `[0].url`, `.href`), and why it was chosen.
    struct Choice {
        var url: JSONNode
        var selector: String
        var note: String
    }

    /// What a URL's text is, for a list that shows images.
    enum Form {
        /// `https://…`, `http://…`: shown as it is.
        case absolute
        /// `//host/…`: shown with `https:`.
        case schemeRelative
        /// `/…`, `./…`, `../…`: shown resolved against `--base-url`, or not at all.
        case relative
    }

    // MARK: Strings

    /// Whether a string node is an avatar URL (or template) a list can show with `base`.
    @inline(__always)
    static func isURL(_ node: JSONNode, base: BaseURL?) -> Bool {
        guard let bytes = node.stringBytes else { return false }
        return usable(bytes, base: base)
    }

    /// Whether `bytes` is a URL a list can show: absolute `http(s)`, scheme-relative, or a path
    /// when there is a base to resolve it against.
    @inline(__always)
    static func usable(_ bytes: UnsafeBufferPointer<UInt8>, base: BaseURL?) -> Bool {
        switch form(of: bytes) {
        case .absolute?, .schemeRelative?: true
        case .relative?: base != nil
        case nil: false
        }
    }

    /// The form of a URL's text (after leading white space), or nil for one no list can show.
    static func form(of bytes: UnsafeBufferPointer<UInt8>) -> Form? {
        guard let start = bytes.firstIndex(where: { !$0.isJSONWhitespace }) else { return nil }
        let text = bytes[start...]
        if text.starts(with: "//".utf8) { return text.count > 2 ? .schemeRelative : nil }
        if text.first == UInt8(ascii: "/") || text.starts(with: "./".utf8) || text.starts(with: "../".utf8) { return .relative }
        if startsCaseInsensitively(text, with: "https://") || startsCaseInsensitively(text, with: "http://") { return .absolute }
        return nil
    }

    private static func startsCaseInsensitively(_ text: Slice<UnsafeBufferPointer<UInt8>>, with prefix: StaticString) -> Bool {
        guard text.count > prefix.utf8CodeUnitCount else { return false }
        var index = text.startIndex
        for byte in UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount) {
            let char = text[index]
            guard char == byte || (char >= UInt8(ascii: "A") && char <= UInt8(ascii: "Z") && char + 32 == byte) else { return false }
            index += 1
        }
        return true
    }

    /// The URL's text, with any size placeholder filled in, made absolute (see ``Form``); nil for
    /// one no list can show.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, base: BaseURL?) -> String? {
        guard let form = form(of: bytes) else { return nil }
        var text = String(decoding: bytes, as: UTF8.self)
        if mayBeTemplate(bytes) {
            for placeholder in placeholders { text = text.replacingAll(placeholder, with: templateSize) }
        }
        switch form {
        case .absolute: return text
        case .schemeRelative: return "https:" + text.drop { $0.isWhitespace }
        case .relative: return base?.resolve(String(text.drop { $0.isWhitespace }))
        }
    }

    /// `https://…` or `http://…` without a placeholder: a URL kept as it is (the common case,
    /// asked of every native record's avatar).
    static func isPlainHTTP(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPlainHTTP($0) }
    }

    /// ``isPlainHTTP(_:)`` of a string's bytes.
    static func isPlainHTTP(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        form(of: bytes) == .absolute && !mayBeTemplate(bytes)
    }

    /// ``text(_:base:)`` of a string.
    static func text(_ text: String, base: BaseURL?) -> String? {
        var text = text
        return text.withUTF8 { self.text($0, base: base) }
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

    /// The largest image of a size map, the URL of an image object, or the largest image of an
    /// image array, if `node` is one of them.
    static func largest(in node: JSONNode, base: BaseURL?) -> Choice? {
        switch node.kind {
        case .object: largestOfSizeMap(node, base: base) ?? imageObject(node, base: base)
        case .array: largestOfImages(node, base: base)
        default: nil
        }
    }

    private static func largestOfSizeMap(_ map: JSONNode, base: BaseURL?) -> Choice? {
        var best: (url: JSONNode, key: UnsafeBufferPointer<UInt8>, area: Int)?
        var sizes = 0
        map.forEachField { key, value in
            guard let area = area(ofKey: key), isURL(value, base: base) else { return }
            sizes += 1
            if best == nil || area > best!.area { best = (value, key, area) }
        }
        guard let best else { return nil }
        let key = String(decoding: best.key, as: UTF8.self)
        return Choice(url: best.url, selector: selector(key), note: "largest of \(sizes) \(sizes == 1 ? "size" : "sizes")")
    }

    /// An object that holds one image's URL (`{"href": …}`, `{"image_url": …}`).
    private static func imageObject(_ image: JSONNode, base: BaseURL?) -> Choice? {
        guard let (key, url) = imageURL(of: image, base: base) else { return nil }
        return Choice(url: url, selector: selector(key), note: "")
    }

    private static func largestOfImages(_ array: JSONNode, base: BaseURL?) -> Choice? {
        var best: (url: JSONNode, index: Int, key: String, area: Int, size: String)?
        var index = 0, images = 0
        array.forEachElement { element in
            defer { index += 1 }
            if isURL(element, base: base) {
                images += 1
                if best == nil { best = (element, index, "", 0, "") }
                return
            }
            guard element.kind == .object, let (key, url) = imageURL(of: element, base: base) else { return }
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

    private static func imageURL(of image: JSONNode, base: BaseURL?) -> (String, JSONNode)? {
        for key in imageURLKeys {
            if let url = image.field(bytes: Array(key.utf8)), isURL(url, base: base) { return (key, url) }
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
