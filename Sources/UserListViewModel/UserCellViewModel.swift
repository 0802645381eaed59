@_spi(Pipeline) import UserListDomain
/// One display-ready row: every string is already chosen and formatted, so a view only lays it out.
///
/// Built from a ``User`` by the contract's rules: `title` falls back from name to username, email,
/// then id; `caption` is the bio's first non-empty line, else the company name; `initials` are the
/// first letters of the title's first and last words, uppercased.
public struct UserCellViewModel: Hashable, Sendable, Codable {
    public var id: String
    public var title: String
    public var subtitle: String?
    public var caption: String?
    public var avatarURL: String?
    public var initials: String

    public init(id: String, title: String, subtitle: String?, caption: String?, avatarURL: String?, initials: String) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.caption = caption
        self.avatarURL = avatarURL
        self.initials = initials
    }

    public init(user: User) {
        let title = user.name ?? user.username ?? user.email ?? user.id
        self.init(
            id: user.id,
            title: title,
            subtitle: user.email,
            caption: Self.firstNonEmptyLine(of: user.bio) ?? user.company?.name,
            avatarURL: user.avatarURL,
            initials: Self.initials(of: title)
        )
    }

    static func firstNonEmptyLine(of text: String?) -> String? {
        guard let text else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace()
            if !trimmed.isEmpty { return String(trimmed) }
        }
        return nil
    }

    /// The first letters of the first and last words, uppercased. Words that don't start with a
    /// letter or digit (`(she/her)`, `🎉`, `-`) are passed over: "Jill Chill (she/her)" is `JC`, not `J(`;
    /// when no word does, the first letters inside them (``insideInitials(of:)``: `@alice` is `A`).
    static func initials(of title: String) -> String {
        var bytes = title
        let fast = bytes.withUTF8 { utf8 in asciiInitials(utf8) ?? TitleWords(utf8)?.initials() }
        return fast ?? characterInitials(of: title)
    }

    /// ``initials(of:)`` of an ASCII title, nil for any other (tests).
    static func asciiInitials(of title: String) -> String? {
        var title = title
        return title.withUTF8 { asciiInitials($0) }
    }

    /// ``initials(of:)`` of an ASCII title, over its bytes: splitting every title into Characters
    /// and asking each whether it is white space took 4,500 instructions a row, 9% of a full CSV
    /// export (callgrind, 50k users). ASCII white space is U+0009–U+000D and the space, as
    /// Unicode's White_Space has it; nil for any other title.
    static func asciiInitials(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var firstWord: Int?, lastWord = 0, firstLettered: Int?, lastLettered = 0
        var inWord = false
        for (index, byte) in bytes.enumerated() {
            if byte >= 0x80 { return nil }
            let white = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            if white { inWord = false; continue }
            guard !inWord else { continue }
            inWord = true
            if firstWord == nil { firstWord = index }
            lastWord = index
            if isASCIILetterOrDigit(byte) {
                if firstLettered == nil { firstLettered = index }
                lastLettered = index
            }
        }
        guard firstWord != nil else { return "" }
        // No word starts with a letter or digit (`@alice:example.org`): the Character path's rule.
        guard let from = firstLettered else { return nil }
        let to = lastLettered
        return asciiString(uppercased(bytes[from]), to != from ? uppercased(bytes[to]) : nil)
    }

    /// One or two ASCII bytes as a String, without the array a `String(decoding:)` of them takes.
    static func asciiString(_ first: UInt8, _ second: UInt8?) -> String {
        String(unsafeUninitializedCapacity: 2) { buffer in
            buffer[0] = first
            guard let second else { return 1 }
            buffer[1] = second
            return 2
        }
    }

    static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func uppercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }

    /// ``initials(of:)`` by Characters, for any title.
    static func characterInitials(of title: String) -> String {
        // A word's leading format characters (a zero-width space, a byte-order mark) are invisible:
        // the word starts after them.
        let all = title.split(whereSeparator: \.isWhitespace).map { $0.drop(while: isFormat) }.filter { !$0.isEmpty }
        // Only the first and last lettered words are looked for: a property lookup per word of
        // every title cost 1% of a million-row export (ASCII is decided without one).
        let firstIndex = all.firstIndex(where: beginsWithLetterOrDigit)
        let lastIndex = all.lastIndex(where: beginsWithLetterOrDigit)
        guard let from = firstIndex, let to = lastIndex else { return insideInitials(of: all) }
        guard let first = all[from].first else { return "" }
        var result = initial(first)
        if to > from, let last = all[to].first {
            result += initial(last)
        }
        return result
    }

    /// Initials when no word starts with a letter or digit: a handle (`@alice:example.org` is
    /// `A`, `_bob_ #2` is `B2`) gives the first letter or digit inside the first and last words
    /// that hold one; a title without any (`🎉`, `-`) its first and last words' first Characters.
    private static func insideInitials(of words: [Substring]) -> String {
        let letterOrDigit: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        let firstInside = words.firstIndex { $0.contains(where: letterOrDigit) }
        let lastInside = words.lastIndex { $0.contains(where: letterOrDigit) }
        let from = firstInside ?? words.startIndex, to = lastInside ?? words.endIndex - 1
        guard from <= to else { return "" }
        let pick: (Substring) -> Character? = { word in firstInside == nil ? word.first : word.first(where: letterOrDigit) }
        guard let first = pick(words[from]) else { return "" }
        var result = initial(first)
        if to > from, let last = pick(words[to]) { result += initial(last) }
        return result
    }

    /// A Character uppercased, one Character long: `ß` is `S` (not `SS`), `ﬁ` is `F`, as an
    /// initial is one letter.
    static func initial(_ character: Character) -> String {
        let upper = character.uppercased()
        return upper.count == 1 ? upper : String(upper.first!)
    }

    /// A Character made of format characters only (Unicode's Cf: U+200B, U+FEFF, U+2060).
    static func isFormat(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format }
    }

    private static func beginsWithLetterOrDigit(_ word: Substring) -> Bool {
        guard let byte = word.utf8.first else { return false }
        if byte < 0x80 { return isASCIILetterOrDigit(byte) }
        guard let first = word.first else { return false }
        return first.isLetter || first.isNumber
    }
}
