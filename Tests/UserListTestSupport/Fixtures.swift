import UserListDomain

/// Sample users the tests share (the Service, ViewModel and rendering tests).
public enum Fixtures {
    public static let leanne = User(
        id: "1", name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz",
        phone: "1-770-736-8031 x56442", website: "hildegard.org",
        address: Address(street: "Kulas Light", suite: "Apt. 556", city: "Gwenborough", zipcode: "92998-3874",
                         geo: Geo(lat: "-37.3159", lng: "81.1496")),
        company: Company(name: "Romaguera-Crona", catchPhrase: "Multi-layered client-server neural-net", bs: "harness real-time e-markets"))

    /// Seed 000's users.
    public static let alice = User(id: "u1", name: "Alice", email: "alice@example.com", bio: "iOS Developer")
    public static let bob = User(id: "u2", name: "Bob", email: "bob@example.com", bio: "Designer")
    public static let charlie = User(id: "u3", name: "Charlie", email: "charlie@example.com", bio: "Product Manager")

    /// Users named `names`, with ids "1", "2", ….
    public static func named(_ names: [String]) -> [User] {
        names.enumerated().map { User(id: String($0.offset + 1), name: $0.element) }
    }

    /// `count` users with ids "1"… and names "User 1"….
    public static func numbered(_ count: Int) -> [User] {
        (1...max(count, 1)).prefix(count).map { User(id: String($0), name: "User \($0)") }
    }
}
