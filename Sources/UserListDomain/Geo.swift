/// Coordinates as the source wrote them: kept as text so nothing is rounded.
public struct Geo: Hashable, Sendable, Codable {
    public var lat: String?
    public var lng: String?

    public init(lat: String? = nil, lng: String? = nil) {
        self.lat = lat
        self.lng = lng
    }
}
