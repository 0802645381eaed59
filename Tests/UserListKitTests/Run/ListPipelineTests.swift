import Testing
@_spi(Pipeline) @testable import UserListKit
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListViewModel
import UserListRendering

/// The run as named stages: which stages a run has, in order, what its render stage writes, and
/// the cuts the distributed stages take of it.
@Suite struct ListPipelineTests {
    static func run(_ configure: (inout UserListRun) -> Void) -> ListPipeline {
        var run = UserListRun(inputs: [.file("users.ndjson")], format: .csv)
        configure(&run)
        return run.pipeline()
    }

    static func names(_ pipeline: ListPipeline) -> [ListStage.Name] { pipeline.stages.map(\.name) }

    @Test func aSortedPageIsDecidedFromKeysAndKeepsTheTopK() {
        let pipeline = Self.run { $0.query = UserListQuery(search: "an", sort: UserSortOrder(key: .name), page: 3) }
        #expect(Self.names(pipeline) == [.read, .frame, .decode, .map, .normalise, .dedupe, .search, .rank, .render])
        #expect(pipeline.line == "read → frame → decode → map (keys) → normalise → dedupe → search → top-k → render (csv)")
        // The judge on the reading threads and the page's collector share one bound.
        guard case .page(sorted: true, let bound?) = pipeline.rank else { Issue.record("no top-k with a bound"); return }
        #expect((pipeline.map?.judge as? SearchAndSortJudge)?.bound === bound)
        #expect(pipeline.cells == nil)
    }

    @Test func everyMatchInInputOrderStreamsRowsEncodedFromKeys() {
        let pipeline = Self.run { _ in }
        #expect(pipeline.cells?.fromKeys == true)
        guard case .stream = pipeline.render?.sink else { Issue.record("csv in input order is streamed"); return }
        // With guard rails nothing is printed before the count is checked.
        let guarded = Self.run { $0.guards = RunGuards(minUsers: 1, maxUsers: nil, maxDrop: nil, baselinePath: nil) }
        guard case .whole = guarded.render?.sink else { Issue.record("guard rails render the whole state"); return }
        let framed = Self.run { $0.format = .markdown }
        guard case .framed = framed.render?.sink else { Issue.record("markdown spools its rows"); return }
    }

    @Test func whereBuildsUsersAndCountsKeepNothing() {
        let filtered = Self.run {
            $0.whereExpression = ".address.city == \"Zürich\""
            $0.countOnly = true
        }
        #expect(filtered.line == "read → frame → decode → map → normalise → dedupe → filter → count → render (count)")
        // The map stage builds what --where reads, not the address's other parts.
        #expect(filtered.map?.fields.contains(.init(.city)) == true)
        #expect(filtered.map?.fields.contains(.init(.street)) == false)
        let jq = Self.run { $0.preTransform = ".users"; $0.outputTransform = ".name" }
        #expect(jq.line == "read → frame → jq → decode → map → normalise → dedupe → render (jq-out)")
        #expect(jq.render?.writer.encoder == nil)
    }
}
