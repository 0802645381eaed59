import Testing
@_spi(Pipeline) @testable import UserListKit
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListViewModel
import UserListRendering
@testable import UserListStages
import UserListTestSupport

/// The stages are cuts of the one run's list of stages, and carry the canonical user whole.
@Suite struct StageCutTests {
    static func run(_ configure: (inout UserListRun) -> Void) -> ListPipeline {
        var run = UserListRun(inputs: [.file("users.ndjson")], format: .csv)
        configure(&run)
        return run.pipeline()
    }

    static func names(_ pipeline: ListPipeline) -> [ListStage.Name] { pipeline.stages.map(\.name) }

    @Test func theDistributedStagesCutTheSameList() {
        let pipeline = Self.run {
            $0.whereExpression = ".id != \"3\""
            $0.query = UserListQuery(search: "a", sort: UserSortOrder(key: .name))
        }
        #expect(Self.names(pipeline) == [.read, .frame, .decode, .map, .normalise, .dedupe, .filter, .search, .rank, .cells, .render])
        #expect(Self.names(pipeline.through(.normalise)) == [.read, .frame, .decode, .map, .normalise])
        #expect(Self.names(pipeline.from(.filter).through(.cells)) == [.filter, .search, .rank, .cells])
        #expect(Self.names(pipeline.from(.rank)) == [.rank, .cells, .render])
        // Every match of a sorted export travels as the format's row, sorted by the driver.
        #expect(StagePlan(pipeline.from(.filter).through(.cells)).kind == .rows)
        #expect(StagePlan(Self.run { $0.countOnly = true }).kind == .count)
        #expect(StagePlan(Self.run { $0.format = .table }).kind == .users)
    }

    /// The stages' user JSON (written and read object by object from the table's members)
    /// carries every field of the table, under its JSON path, and reads back the same user.
    @Test func theStagesUserJSONCarriesEveryField() throws {
        let output = OutputWriter()
        StageUserJSON.append(CanonicalFixtures.everyFieldNamed, place: nil, to: output)
        #expect(CanonicalFixtures.keysInOrder(output.text) == CanonicalFixtures.preorder(.user))
        let batch = StageRecordBatch()
        output.bytes.withUnsafeBytes { batch.add(line: 1, position: 0, json: $0) }
        #expect(batch.users().0.map(\.user) == [CanonicalFixtures.everyFieldNamed])
    }
}
