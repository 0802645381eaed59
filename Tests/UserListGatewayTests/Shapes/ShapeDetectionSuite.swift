@testable import UserListGateway

/// A suite of documents put through detection, ``PayloadShapes/all`` in order.
protocol ShapeDetectionSuite {}

extension ShapeDetectionSuite {
    /// The name of the first shape that takes `json`, and where it found the users.
    func detect(_ json: String) throws -> String? {
        try ParsedJSON.with(json) { document in
            for shape in PayloadShapes.all {
                if let records = shape.userRecords(in: document) { return "\(shape.name): \(records.summary)" }
            }
            return nil
        }
    }
}
