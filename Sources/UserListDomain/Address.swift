/// A postal address, in JSONPlaceholder's shape (the richest of the sources).
public struct Address: Hashable, Sendable, Codable {
    public var street: String?
    public var suite: String?
    public var city: String?
    public var zipcode: String?
    public var geo: Geo?

    public init(street: String? = nil, suite: String? = nil, city: String? = nil, zipcode: String? = nil, geo: Geo? = nil) {
        self.street = street
        self.suite = suite
        self.city = city
        self.zipcode = zipcode
        self.geo = geo
    }
}
