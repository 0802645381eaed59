/// No coordinate: the same as no geo at all (see `Address+Emptiness.swift`).
extension Geo {
    package var isEmpty: Bool { lat == nil && lng == nil }
}
