import Testing
@_spi(Pipeline) @testable import UserListKit
import UserListDomain
@_spi(Pipeline) import UserListViewModel
import UserListRendering

/// What a run builds of each user (the Gateway's projection) follows what its output reads: the
/// cell's fields only for columns that read the cell, and keys alone for a count or a page.
@Suite struct ProjectionTests {
    static func run(fields: String? = nil, sort: String? = nil, page: Int? = nil, count: Bool = false, jqOut: String? = nil) throws -> UserListRun {
        var run = UserListRun(inputs: [], query: UserListQuery(sort: sort.flatMap(UserSortOrder.init(argument:)), page: page), outputTransform: jqOut)
        if let fields { run.columns = try OutputColumns(parsing: fields) }
        run.countOnly = count
        return run
    }

    @Test func columnsWithoutCellKeysBuildOnlyTheirFields() throws {
        let fields = try Self.run(fields: "id,email,address.city").neededFields(whereFields: nil)
        #expect(fields == FieldSet([.init(.id), .init(.email), .init(.city)]))
    }

    @Test func aCellColumnBuildsTheCell() throws {
        for columns in ["id,title", "initials", "email,caption", "avatarURL"] {
            let fields = try Self.run(fields: columns).neededFields(whereFields: nil)
            #expect(fields.isSuperset(of: .cell), "\(columns)")
        }
        #expect(try Self.run().neededFields(whereFields: nil).isSuperset(of: .cell))
    }

    @Test func jqOutSeesWholeCells() throws {
        let fields = try Self.run(fields: "id", jqOut: ".title").neededFields(whereFields: nil)
        #expect(fields.isSuperset(of: .cell))
    }

    @Test func theSortKeyIsBuilt() throws {
        let fields = try Self.run(fields: "id", sort: "company:desc").neededFields(whereFields: nil)
        #expect(fields == FieldSet([.init(.id), .init(.companyName)]))
    }

    @Test func columnsNeedTheCellOnlyForItsOwnKeys() throws {
        #expect(try !OutputColumns(parsing: "id,name,address.city").needsCell)
        #expect(try OutputColumns(parsing: "id,subtitle").needsCell)
        #expect(OutputColumns.cells.needsCell)
    }

    @Test func countsAndPagesAreJudgedFromKeys() throws {
        #expect(try Self.run(count: true).recordJudge(filtered: false, transformed: false, encoder: nil) != nil)
        #expect(try Self.run(sort: "name", page: 3).recordJudge(filtered: false, transformed: false, encoder: nil) != nil)
        // --where, --jq: users are built whole.
        #expect(try Self.run(page: 1).recordJudge(filtered: true, transformed: false, encoder: nil) == nil)
        #expect(try Self.run(page: 1).recordJudge(filtered: false, transformed: true, encoder: nil) == nil)
    }

    @Test func everyRowPrintedInTheCellsColumnsIsEncodedFromKeys() throws {
        func judge(_ fields: String?, format: OutputFormat = .csv) throws -> SearchAndSortJudge? {
            let run = try Self.run(fields: fields, sort: "name")
            let encoder = format.renderer(maxTableWidth: nil, columns: run.columns) as? any CellEncoder
            return run.recordJudge(filtered: false, transformed: false, encoder: encoder) as? SearchAndSortJudge
        }
        #expect(try judge(nil)?.makesCells == true)
        #expect(try judge("id,title,initials", format: .ndjson)?.makesCells == true)
        #expect(try judge(nil, format: .json)?.makesCells == true)
        // Columns of the user's that records' keys hold: rows from the keys too, cells only if read.
        #expect(try judge("id,name,address.city")?.makesCells == true)
        #expect(try judge("id,name,address.city")?.rowNeedsCell == false)
        #expect(try judge("id,name,address.city")?.rowUserFields == [.init(.name), .init(.city)])
        #expect(try judge("title,company.name")?.rowNeedsCell == true)
        // csv, tsv, ndjson and json write such rows from the keys' bytes.
        #expect(try judge("id,name,address.city")?.valueColumns == [.cell(.id), .user(.name), .user(.city)])
        #expect(try judge("email,id", format: .tsv)?.valueColumns == [.user(.email), .cell(.id)])
        #expect(try judge("id,name,address.city", format: .ndjson)?.valueColumns == [.cell(.id), .user(.name), .user(.city)])
        #expect(try judge("id,name,address.city", format: .json)?.valueColumns == [.cell(.id), .user(.name), .user(.city)])
        #expect(try judge("id,name", format: .markdown)?.valueColumns == nil)
        #expect(try judge("title,company.name")?.valueColumns == [.cell(.title), .user(.companyName)])
        // A column the keys don't hold, or a format that prints no rows of its own: users are built.
        #expect(try judge("id,name,phone") == nil)
        #expect(try judge("id,address.street") == nil)
        #expect(try judge(nil, format: .table) == nil)
        #expect(try Self.run(sort: "name").recordJudge(filtered: false, transformed: false, encoder: nil) == nil)
    }
}
