import Testing
import UserListDomain
@testable import UserListGateway

/// A suite of records read through the general mapping (``AutomaticMapping``, as an envelope or
/// array of them is read): the user a record makes and which source fed each field.
protocol GeneralMappingSuite {}

extension GeneralMappingSuite {
    /// The user the general mapping makes of the record `json`; a record that makes none fails the test.
    func user(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> User {
        let record = try ParsedJSON.map(json, with: AutomaticMapping.shared)
        return try #require(record.user, "not a user: \(record)", sourceLocation: sourceLocation)
    }

    /// Which source fed each field of the record `json`, as `--explain` counts it.
    func sources(_ json: String) throws -> [CanonicalField: String] {
        try ParsedJSON.sources(json, with: AutomaticMapping.shared)
    }
}
