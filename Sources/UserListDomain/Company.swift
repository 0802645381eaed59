/// The organisation a user belongs to.
public struct Company: Hashable, Sendable, Codable {
    public var name: String?
    public var catchPhrase: String?
    public var bs: String?

    public init(name: String? = nil, catchPhrase: String? = nil, bs: String? = nil) {
        self.name = name
        self.catchPhrase = catchPhrase
        self.bs = bs
    }
}
