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
