/// What `--explain` reports: which shape each document was recognised as, where its users were,
/// and, per shape, which source field fed each canonical field, counted over every record.
///
/// The Gateway fills it on its reader thread; the caller reads it only after reading has finished
/// (``UserRecordSource/readRecords(_:)`` returns after the reader stops), so it needs no lock.
public final class MappingExplanation: @unchecked Sendable {
    /// Documents of one input that had the same shape and kept their users at the same path.
    public struct DocumentGroup: Hashable, Sendable {
        public var input: String
        /// Where the users were: `.results`, or `.` for a document that is the array or the user.
        public var path: String
        public var documents = 0
        public var records = 0
    }

    /// Everything read through one shape (one mapping).
    public struct Section: Sendable {
        public var shape: String
        public var groups: [DocumentGroup] = []
        /// Per canonical field, its sources in the order first seen, with how many records each fed.
        public var sources: [CanonicalField: [(source: String, records: Int)]] = [:]
        /// The records left out (bots, groups, deleted accounts): where each is and why, the
        /// first ``leftOutListed`` of them; ``leftOutCount`` counts them all.
        public var leftOut: [(path: String, reason: String)] = []
        public var leftOutCount = 0
    }

    /// Left-out records kept by place per shape; the rest are only counted.
    public static let leftOutListed = 10

    /// In the order the shapes were first seen.
    public private(set) var sections: [Section] = []
    /// Each input's layout as the reader decided it (`line-delimited`, `pretty-printed`): where a
    /// broken record ends.
    public private(set) var layouts: [(input: String, layout: InputLayout)] = []
    private var current = -1

    public init() {}

    /// The reader decided how `input` lays out its documents.
    package func layout(input: String, _ layout: InputLayout) {
        layouts.append((input, layout))
    }

    /// Starts a document: the records that follow are counted under `shape`.
    package func document(input: String, shape: String, path: String) {
        current = sections.firstIndex { $0.shape == shape } ?? {
            sections.append(Section(shape: shape))
            return sections.count - 1
        }()
        if let last = sections[current].groups.indices.last,
           sections[current].groups[last].input == input, sections[current].groups[last].path == path {
            sections[current].groups[last].documents += 1
        } else {
            sections[current].groups.append(DocumentGroup(input: input, path: path, documents: 1))
        }
    }

    /// A record of the current document that is left out, at `path`, for `reason`.
    package func leftOut(path: String, reason: String) {
        sections[current].leftOutCount += 1
        if sections[current].leftOut.count < Self.leftOutListed { sections[current].leftOut.append((path, reason)) }
    }

    /// One record of the current document, with the source of each field that got a value.
    package func record(sources found: [(CanonicalField, String)]) {
        let last = sections[current].groups.count - 1
        sections[current].groups[last].records += 1
        for (field, source) in found {
            // Changed in place: copying the list out and back would copy it for every record.
            if let index = sections[current].sources[field]?.firstIndex(where: { $0.source == source }) {
                sections[current].sources[field]![index].records += 1
            } else {
                sections[current].sources[field, default: []].append((source, 1))
            }
        }
    }
}
