import UserListDomain
/// JSONPlaceholder's `address` object.
public struct AddressDTO: Hashable, Sendable, Codable {
    public var street: String?
    public var suite: String?
    public var city: String?
    public var zipcode: String?
    public var geo: GeoDTO?

    public init(street: String? = nil, suite: String? = nil, city: String? = nil, zipcode: String? = nil, geo: GeoDTO? = nil) {
        self.street = street
        self.suite = suite
        self.city = city
        self.zipcode = zipcode
        self.geo = geo
    }

    public consuming func toDomain() -> Address {
        Address(street: street, suite: suite, city: city, zipcode: zipcode, geo: geo?.toDomain())
    }
}
