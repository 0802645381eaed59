import Foundation
import Testing
import UserListTestSupport
@_spi(Pipeline) @testable import UserListKit
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListRendering
@testable import UserListDiff
@testable import UserListPredicate
@_spi(Pipeline) import UserListDomain
@testable import UserListJQ
@testable import UserListGateway

/// `CanonicalField` is the one table of the canonical user's fields: the user's storage has
/// exactly its fields, and every list of fields elsewhere is the table's.
@Suite struct CanonicalFieldTableTests {
    static var named: User { CanonicalFixtures.everyFieldNamed }

    /// The dotted paths of every text the user's storage holds, in declaration order, found by
    /// reflection: a field added to `User` (or its address, geo or company) shows up here.
    static func storedPaths(of value: Any, prefix: String = "", into paths: inout [String], unreached: inout [String]) {
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            // The user's copy-on-write storage is not a level of the canonical user.
            let path = label == "storage" ? prefix : (prefix.isEmpty ? label : prefix + "." + label)
            let mirror = Mirror(reflecting: child.value)
            if child.value is String || child.value is String? {
                paths.append(path)
            } else if mirror.displayStyle == .optional {
                if let wrapped = mirror.children.first?.value {
                    storedPaths(of: wrapped, prefix: path, into: &paths, unreached: &unreached)
                } else {
                    unreached.append(path)
                }
            } else {
                storedPaths(of: child.value, prefix: path, into: &paths, unreached: &unreached)
            }
        }
    }

    @Test func theUsersStorageHoldsExactlyTheTablesFields() {
        var paths: [String] = [], unreached: [String] = []
        Self.storedPaths(of: Self.named, into: &paths, unreached: &unreached)
        #expect(unreached.isEmpty, "objects of User no field of the table reaches: \(unreached)")
        #expect(paths == CanonicalField.allCases.map(\.name), "add the field to CanonicalField (its row, and User.text(of:)/setText(_:of:))")
    }

    @Test func eachFieldIsReadAndWrittenWhereItsNameSays() {
        let user = Self.named
        for field in CanonicalField.allCases {
            #expect(user.text(of: field) == field.name)
            var cleared = user
            cleared.setText(nil, of: field)
            #expect(cleared.text(of: field) == (field == .id ? "" : nil))
            for other in CanonicalField.allCases where other != field { #expect(cleared.text(of: other) == other.name) }
        }
        // Objects are made by their first value and only then.
        var bare = User(id: "1")
        bare.setText(nil, of: .lat)
        #expect(bare.address == nil)
        bare.setText("1.5", of: .lat)
        #expect(bare.address == Address(geo: Geo(lat: "1.5")))
        #expect(bare.company == nil && bare.has(.geo) && bare.has(.address) && !bare.has(.company))
    }

    @Test func namesPathsAndObjectsAgree() {
        for field in CanonicalField.allCases {
            #expect(field.jsonPath.joined(separator: ".") == field.name)
            #expect(field.jsonPath.last == field.jsonKey)
            #expect(field.header == field.name)
            #expect(field.group.path == field.jsonPath.dropLast().joined(separator: "."), "\(field)")
            #expect(field.jsonKey.allSatisfy { $0.isLetter || $0.isNumber }, "a key JSON needs no escape for")
        }
        #expect(CanonicalGroup.nested.map(\.path) == ["address", "address.geo", "company"])
        #expect(CanonicalGroup.user.members.map(\.key) == ["id", "name", "username", "email", "avatarURL", "bio", "phone", "website", "address", "company"])
        #expect(CanonicalGroup.address.members.map(\.key) == ["street", "suite", "city", "zipcode", "geo"])
        #expect(CanonicalGroup.geo.members.map(\.key) == ["lat", "lng"])
        #expect(CanonicalGroup.company.members.map(\.key) == ["name", "catchPhrase", "bs"])
        #expect(CanonicalGroup.user.fields == CanonicalField.allCases)
        #expect(CanonicalField.allCases.filter { !$0.isNullable } == [.id])
    }

    @Test func placesAreTheDeclarationOrder() {
        for (index, field) in CanonicalField.allCases.enumerated() {
            #expect(Int(field.ordinal) == index)
            #expect(FieldSet(field).rawValue == 1 << index)
        }
        for (index, group) in CanonicalGroup.allCases.enumerated() { #expect(group.index == index) }
        #expect(FieldSet.all.fields == CanonicalField.allCases)
        #expect(FieldSet.address.fields == CanonicalField.allCases.filter { $0.name.hasPrefix("address.") })
        #expect(FieldSet.company.fields == CanonicalField.allCases.filter { $0.name.hasPrefix("company.") })
    }

    /// `--fields`, `--sort`, `--count-by`, `diff --fields`, `userlist fields`, the schemas.
    @Test func everyListOfNamesIsTheTables() throws {
        let userNames = CanonicalField.allCases.map(\.name).filter { CellKey(rawValue: $0) == nil }
        #expect(OutputColumns.knownNames == CellKey.allCases.map(\.rawValue) + userNames)
        let all = try OutputColumns(parsing: CanonicalField.allCases.map(\.name).joined(separator: ","))
        #expect(all.userFields == FieldSet.all.subtracting([FieldSet(.id), FieldSet(.avatarURL)]))
        #expect(FieldCatalog.all.filter { $0.kind == "user" }.map(\.name) == userNames)
        for entry in FieldCatalog.all where entry.kind == "user" {
            let field = try #require(CanonicalField(rawValue: entry.name))
            #expect(entry.type == field.typeName && entry.description == field.summary)
        }
        for field in CanonicalField.allCases {
            #expect(SortTerm.field(named: field.name) == field)
            #expect(try CountByField(parsing: "." + field.name).field == field)
        }
        #expect(ComparedFields.all.fields == CanonicalField.allCases.filter { $0 != .id })
        #expect(ComparedFields.knownNames == ComparedFields.all.fields.map(\.name) + CanonicalGroup.nested.map(\.path))
        for group in CanonicalGroup.nested {
            #expect(try ComparedFields(parsing: group.path).fields == group.fields)
        }
        #expect(throws: UserlistError.self) { try ComparedFields(parsing: "id") }
        let diffSchema = OutputSchema.diff.schema(columns: nil)
        let changes = (diffSchema["properties"] as? [String: Any])?["changes"] as? [String: Any]
        #expect((changes?["propertyNames"] as? [String: Any])?["enum"] as? [String] == ComparedFields.all.fields.map(\.name))
    }

    /// The schema's canonical user, the JSON diff prints, the jq value `--where` sees and the
    /// native predicates' objects all have the table's keys, nested and ordered as it says.
    @Test func everyCanonicalUserValueHasTheTablesKeys() throws {
        let user = Self.named
        let output = OutputWriter()
        CanonicalUserJSON.write(user, to: output)
        let written = output.text
        #expect(written == CanonicalUserBuilder().build(user).json())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        for field in CanonicalField.allCases {
            var value: Any? = object
            for key in field.jsonPath { value = (value as? [String: Any])?[key] }
            #expect(value as? String == field.name, "\(field)")
        }
        #expect(CanonicalFixtures.keysInOrder(written) == CanonicalFixtures.preorder(.user))

        func requiredKeys(_ schema: [String: Any]) -> [String] { schema["required"] as? [String] ?? [] }
        let schema = OutputSchema.canonicalUser
        #expect(requiredKeys(schema) == CanonicalGroup.user.members.map(\.key).sorted())
        let properties = try #require(schema["properties"] as? [String: Any])
        for group in CanonicalGroup.nested where group.parent == .user {
            #expect(requiredKeys(try #require(properties[group.key] as? [String: Any])) == group.members.map(\.key).sorted())
        }

        for field in CanonicalField.allCases {
            let predicate = try #require(NativePredicate.make(expression: ".\(field.jsonPath.joined(separator: ".")) == \"\(field.name)\""))
            #expect(predicate.verdict(user) == .included, "\(field)")
            #expect(predicate.verdict(User(id: "x")) == .excluded)
        }
        let lengths = CanonicalGroup.allCases.map { group in
            NativePredicate.make(expression: "(.\(group.path) | length) == \(group.members.count)")!.verdict(user)
        }
        #expect(lengths.allSatisfy { $0 == .included })
    }

    /// Every format's columns for `--fields`: the names as given, each value read through the
    /// table; the default columns are the cell's keys, in `CellKey`'s order.
    @Test func theWritersColumnsAreTheTables() throws {
        let row = UserRow(user: Self.named)
        let names = CanonicalField.allCases.map(\.name).filter { CellKey(rawValue: $0) == nil }
        let columns = try OutputColumns(parsing: names.joined(separator: ","))
        let tsv = OutputWriter(), csv = OutputWriter(), ndjson = OutputWriter()
        TSVRenderer(columns: columns).writeHeader(to: tsv)
        for encoded in TSVRenderer(columns: columns).encode([row]) { encoded.withBytes { tsv.write($0) } }
        #expect(tsv.text == names.joined(separator: "\t") + "\n" + names.joined(separator: "\t") + "\n")
        CSVCellRenderer(columns: columns).writeHeader(to: csv)
        #expect(csv.text == names.joined(separator: ",") + "\r\n")
        CellJSON.append(row, columns: columns, to: ndjson)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ndjson.text.utf8)) as? [String: String])
        #expect(object == Dictionary(uniqueKeysWithValues: names.map { ($0, $0) }))
        #expect(CanonicalFixtures.keysInOrder(ndjson.text) == names)

        #expect(CSVCellRenderer.header == CellKey.allCases.map(\.rawValue).joined(separator: ",") + "\r\n")
        let cell = OutputWriter()
        CellJSON.append(row, columns: .cells, to: cell)
        #expect(CanonicalFixtures.keysInOrder(cell.text) == CellKey.allCases.map(\.rawValue))
    }

    /// The diff spool writes the table's fields and reads them back.
    @Test func theDiffSpoolKeepsEveryField() throws {
        var bytes: [UInt8] = []
        UserSpool.encode(tag: 1, number: 2, user: Self.named, into: &bytes)
        let spool = try UserSpool(name: "table-test")
        let offset = try bytes.withUnsafeBytes { try spool.append(encoded: $0) }
        try spool.flush()
        #expect(try spool.record(at: offset).user == Self.named)
    }

    /// The general mapping's collector (a struct of strings, for speed) sets and builds every
    /// field of the table.
    @Test func theGeneralMappingCollectsEveryField() {
        var mapped = MappedFields()
        for field in CanonicalField.allCases { mapped.set(field, field.name) }
        #expect(mapped.user() == Self.named)
    }
}
