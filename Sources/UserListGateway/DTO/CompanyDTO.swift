import UserListDomain
/// JSONPlaceholder's `company` object.
public struct CompanyDTO: Hashable, Sendable, Codable {
    public var name: String?
    public var catchPhrase: String?
    public var bs: String?

    public init(name: String? = nil, catchPhrase: String? = nil, bs: String? = nil) {
        self.name = name
        self.catchPhrase = catchPhrase
        self.bs = bs
    }

    public consuming func toDomain() -> Company { Company(name: name, catchPhrase: catchPhrase, bs: bs) }
}
