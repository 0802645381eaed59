import Testing
@_spi(Pipeline) @testable import UserListViewModel
import UserListDomain

extension ViewModelTests {
    /// ``PageBound``: what a full page publishes, and which matches the reading threads may drop.
    @Suite struct PageBoundTests {
        static func excludes(_ bound: PageBound, _ text: String) -> Bool {
            var text = text
            return text.withUTF8 { bound.excludes(folded: $0) }
        }

        @Test func nothingIsExcludedBeforeThePageIsFull() {
            let bound = PageBound(descending: false)
            #expect(!Self.excludes(bound, "zzzzzzzzzz"))
        }

        @Test func ascendingExcludesOnlyWhatIsPastTheWorstEntrysPrefix() {
            let bound = PageBound(descending: false)
            bound.publish(folded: "nguyen van an")
            #expect(Self.excludes(bound, "nguyf"))
            #expect(Self.excludes(bound, "zoe"))
            // The same first 8 bytes decide nothing: the collector compares the rest.
            #expect(!Self.excludes(bound, "nguyen vz"))
            #expect(!Self.excludes(bound, "nguyen van zz"))
            #expect(!Self.excludes(bound, "nguyen"))
            #expect(!Self.excludes(bound, "ann"))
        }

        @Test func descendingExcludesWhatComesBeforeIt() {
            let bound = PageBound(descending: true)
            bound.publish(folded: "maria")
            #expect(Self.excludes(bound, "ann"))
            #expect(Self.excludes(bound, "mari"))
            #expect(!Self.excludes(bound, "maria"))
            #expect(!Self.excludes(bound, "zoe"))
        }

        @Test func aCompositeKeyIsComparedAsItsBytes() {
            let bound = PageBound(descending: false)
            bound.publish(bytes: [0x00, 0x02, 0x6D, 0x00, 0x00, 0x01])
            #expect([[0x00, 0x02, 0x6E] as [UInt8], [0x01], [0x00, 0x02, 0x6D, 0x00, 0x00, 0x01, 0x02]].allSatisfy { key in key.withUnsafeBufferPointer { bound.excludes(folded: $0) } })
            #expect(![[0x00, 0x02, 0x6D, 0x00, 0x00, 0x01] as [UInt8], [0x00, 0x02, 0x61]].contains { key in key.withUnsafeBufferPointer { bound.excludes(folded: $0) } })
        }

        @Test func aFullPagePublishesItsWorstTextKey() throws {
            let bound = PageBound(descending: false)
            var collector = PageCollector(sort: UserSortOrder(key: .name), page: 1, pageSize: 2)
            collector.bound = bound
            for name in ["b", "d", "c", "a"] { collector.add(User(id: name, name: name)) }
            // The page holds a and b: a match past "b" can't enter it.
            #expect(Self.excludes(bound, "c"))
            #expect(!Self.excludes(bound, "b"))
            #expect(!Self.excludes(bound, "a"))
            #expect(collector.pageUsers().map(\.id) == ["a", "b"])
        }
    }
}
