import UserListViewModel

extension ListStage {
    /// What is kept of the matches: a page, every match in sorted order, or only counts.
    package enum Rank {
        /// `--page`: the page's top N×S by the sort (`top-k`), or the first matches in input order.
        /// `bound` is shared with the judge on the reading threads, which drops a record past it.
        case page(sorted: Bool, bound: PageBound?)
        /// Every match, sorted: sorted runs spilled to disk past memory.
        case sort
        /// `--count`: nothing kept.
        case count
        /// `--count-by FIELD`: one count per value.
        case countBy(CountByField)

        var title: String {
            switch self {
            case .page(let sorted, _): sorted ? "top-k" : "page"
            case .sort: "sort"
            case .count: "count"
            case .countBy: "count-by"
            }
        }
    }
}
