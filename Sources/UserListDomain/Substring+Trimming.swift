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
        unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }
    }
}
