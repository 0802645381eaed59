import Foundation
import UserListDomain

/// The canonical user's table as the tests of every list derived from it read it (the Kit's
/// table tests and the stages' user JSON).
public enum CanonicalFixtures {
    /// A user whose every field holds its own name (`address.city` holds "address.city").
    public static var everyFieldNamed: User {
        var user = User(id: "")
        for field in CanonicalField.allCases { user.setText(field.name, of: field) }
        return user
    }

    /// The keys of compact JSON text, in the order they come.
    public static func keysInOrder(_ json: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #""([A-Za-z.]+)":"#)
        return regex.matches(in: json, range: NSRange(json.startIndex..., in: json)).map { String(json[Range($0.range(at: 1), in: json)!]) }
    }

    /// Every key of `group` and of the objects in it, depth first.
    public static func preorder(_ group: CanonicalGroup) -> [String] {
        group.members.flatMap { member -> [String] in
            switch member {
            case .field(let field): [field.jsonKey]
            case .group(let nested): [nested.key] + preorder(nested)
            }
        }
    }
}
