import UserListDomain
/// JSONPlaceholder's `address.geo`: coordinates as strings (numbers are accepted and kept as text).
public struct GeoDTO: Hashable, Sendable, Codable {
    public var lat: String?
    public var lng: String?

    public init(lat: String? = nil, lng: String? = nil) {
        self.lat = lat
        self.lng = lng
    }

    public consuming func toDomain() -> Geo { Geo(lat: lat, lng: lng) }
}
