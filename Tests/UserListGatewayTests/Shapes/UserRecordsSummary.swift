@testable import UserListGateway
@_spi(Pipeline) import UserListJSON

extension UserRecords {
    /// What a shape found, comparable in a test: `.users (2)` for an array of two records at
    /// `.users`, `single .` for one user object, `keyed .users (2)` for a map of two,
    /// `arrays .a[0].b (1), .a[1].b (2)` for one list in every element of an outer one, `ambiguous .a, .b` for several candidate arrays.
    var summary: String {
        switch self {
        case .array(let array, let path):
            var count = 0
            array.forEachElement { _ in count += 1 }
            return "\(JSONPathLocator.describe(path)) (\(count))"
        case .arrays(let arrays):
            return "arrays " + arrays.map { "\(JSONPathLocator.describe($0.path)) (\($0.0.count))" }.joined(separator: ", ")
        case .single(_, let path):
            return "single \(JSONPathLocator.describe(path))"
        case .keyed(let object, let path):
            return "keyed \(JSONPathLocator.describe(path)) (\(object.count))"
        case .ambiguous(let paths):
            return "ambiguous " + paths.map { JSONPathLocator.describe($0) }.joined(separator: ", ")
        }
    }
}
