import Testing
@_spi(Pipeline) @testable import UserListViewModel
@_spi(Pipeline) import UserListDomain

extension ViewModelTests {
    /// ``SortHeadMemo``: a text's head is made once, and every lookup gives what `make` gave.
    @Suite struct SortHeadMemoTests {
        /// The head `memo` hands over for `text`, and whether `make` was asked for it.
        static func head(_ memo: SortHeadMemo, _ text: String) -> (head: [UInt8], made: Bool) {
            var made = false
            var text = text
            let head = text.withUTF8 { bytes in
                memo.withHead(of: bytes, make: { bytes in
                    made = true
                    return Array("<\(String(decoding: bytes, as: UTF8.self))>".utf8).reversed()
                }, { Array($0) })
            }
            return (head, made)
        }

        static func expected(_ text: String) -> [UInt8] { Array("<\(text)>".utf8).reversed() }

        @Test func aTextIsMadeOnceAndLookedUpAfter() {
            let memo = SortHeadMemo()
            for text in ["Zürich", "", "Zurich", "Zürich ", "Åre"] {
                let first = Self.head(memo, text)
                #expect(first.made && first.head == Self.expected(text))
            }
            for text in ["Åre", "Zurich", "", "Zürich", "Zürich "] {
                let again = Self.head(memo, text)
                #expect(!again.made && again.head == Self.expected(text), "\(text)")
            }
        }

        @Test func pastItsCapacityEveryHeadIsStillRight() {
            let memo = SortHeadMemo()
            let count = SortHeadMemo.capacity + 500
            for index in 0..<count {
                #expect(Self.head(memo, "city \(index)").head == Self.expected("city \(index)"))
            }
            // The first ones were kept (looked up); the last ones were not (made again), and
            // the table, grown several times on the way, still finds every one it kept.
            for index in stride(from: 0, to: count, by: 97) {
                let again = Self.head(memo, "city \(index)")
                #expect(again.head == Self.expected("city \(index)"))
                #expect(again.made == (index >= SortHeadMemo.capacity), "\(index)")
            }
        }
    }
}
