/// Elements appended one after another into pages of 16,384, none ever moved or copied: growing
/// touches only the new page. What `stage partial --dedupe` keeps each id's line in: an array
/// doubling to 1.25M 32-byte entries copied ~40 MB on the way, each copy into fresh pages.
public final class AppendOnlyPages<Element: BitwiseCopyable> {
    @usableFromInline static var pageBits: Int { 14 }
    // Unchecked: read for every element; nothing but this class's methods reaches them, and
    // each access's dynamic exclusivity check would cost more than the access.
    @exclusivity(unchecked) @usableFromInline var pages: [UnsafeMutablePointer<Element>] = []
    @exclusivity(unchecked) @usableFromInline var elements = 0

    public init() {}

    deinit {
        for page in pages { page.deallocate() }
    }

    /// How many elements it holds.
    @inlinable public var count: Int { elements }

    /// Adds `element` at index ``count``.
    @inlinable public func append(_ element: Element) {
        let within = elements & ((1 << Self.pageBits) - 1)
        if within == 0 { pages.append(.allocate(capacity: 1 << Self.pageBits)) }
        (pages[elements >> Self.pageBits] + within).initialize(to: element)
        elements += 1
    }

    /// The element at `index` (below ``count``).
    @inlinable public subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < elements, "index out of range")
            return pages[index >> Self.pageBits][index & ((1 << Self.pageBits) - 1)]
        }
        set {
            precondition(index >= 0 && index < elements, "index out of range")
            pages[index >> Self.pageBits][index & ((1 << Self.pageBits) - 1)] = newValue
        }
    }

    /// Each element, in the order appended.
    @inlinable public func forEach<E: Error>(_ body: (Element) throws(E) -> Void) throws(E) {
        for index in 0..<elements { try body(self[index]) }
    }
}
