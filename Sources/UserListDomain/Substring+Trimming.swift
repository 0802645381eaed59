/// The contract's trimming: white space as `Character.isWhitespace` says, at both ends. The Service
/// trims every field with it; the ViewModel the lines of a bio.
extension Substring {
    package func trimmingWhitespace() -> Substring {
        var slice = self
        while let c = slice.first, c.isWhitespace { slice.removeFirst() }
        while let c = slice.last, c.isWhitespace { slice.removeLast() }
        return slice
    }
}

extension Substring {
    /// Only white space and characters that draw nothing (Unicode's default ignorable code points:
    /// zero-width space and joiners, U+2060, a byte-order mark, a soft hyphen, Hangul fillers),
    /// as a name some sign-up forms accept to look blank. Asked only of values whose last scalar is
    /// not a letter (``UTF8Trimming`` decides the rest from their bytes: an invisible value ends in none).
    package var isInvisible: Bool {
        // Every such character's UTF-8 starts with one of these bytes: any other first byte (a
        // letter of most scripts) answers without Unicode's tables (they cost 3% of an export).
        guard let lead = utf8.first, [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3].contains(lead) else { return false }
        return unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }
    }
}
