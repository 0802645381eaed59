/// A stage line's fields (``StageLine/fields(_:count:)``): at most four, held inline. An array of
/// them was one allocation a line — with its release, ~8% of a 5M-row merge.
struct StageFields: RandomAccessCollection {
    private var storage: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer)
    private(set) var endIndex = 0
    var startIndex: Int { 0 }

    static let capacity = 4

    init() {
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        storage = (empty, empty, empty, empty)
    }

    mutating func append(_ field: UnsafeRawBufferPointer) {
        precondition(endIndex < Self.capacity, "a stage line has at most 4 fields")
        switch endIndex {
        case 0: storage.0 = field
        case 1: storage.1 = field
        case 2: storage.2 = field
        default: storage.3 = field
        }
        endIndex += 1
    }

    subscript(index: Int) -> UnsafeRawBufferPointer {
        precondition(index >= 0 && index < endIndex, "a field the line has")
        switch index {
        case 0: return storage.0
        case 1: return storage.1
        case 2: return storage.2
        default: return storage.3
        }
    }
}
