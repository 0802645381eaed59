/// One named stage of a run (see ``ListPipeline``): what it does, and the values it does it with,
/// decided once per run from the options. The work itself is done per batch by the type each
/// stage names, in the target of its layer; a stage holds no per-record closure or state.
package enum ListStage {
    /// Files, standard input, gzip/zstd/xz/bzip2, in 4 MiB chunks (`InputReader`), on `workers` threads.
    case read(Read)
    /// Chunks cut at document ends, the input's layout, one big array split (`ParallelReader`).
    case frame
    /// `--jq`: each document reshaped before its users are found (`JQDocumentTransform`).
    case transform(Transform)
    /// simdjson's tape; the payload's shape found (`PayloadShape`), its records as spans.
    case decode
    /// The records mapped to the canonical user (`RecordMapping`), only the fields the run needs;
    /// or, with a judge, decided from their keys and built only when kept (`RecordKeys`).
    case map(Map)
    /// Trimmed fields, ids as strings, records that can't be users rejected (`UserNormalizer`).
    case normalise(Normalise)
    /// The first occurrence of each id, in input order (`UserIDSet`).
    case dedupe
    /// `--where`: natively or on libjq, one worker per reading thread (`JQUserFilter`).
    case filter(Filter)
    /// `--search` over folded UTF-8 (`UserSearch`, or the judge on the keys).
    case search(Search)
    /// The page's top N×S, every match sorted (spilled past memory), or only counted (`PageCollector`).
    case rank(Rank)
    /// Each match's row encoded on the reading thread, for a run that prints every match (`CellEncoder`).
    case cells(Cells)
    /// The output: the format's renderer or `--jq-out`, and what is written (``Render/Sink``).
    case render(Render)

    /// The stages' names, in the order a record meets them: where a pipeline is cut.
    package enum Name: Int, Comparable, CaseIterable, Sendable {
        case read, frame, transform, decode, map, normalise, dedupe, filter, search, rank, cells, render

        package static func < (lhs: Name, rhs: Name) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    package var name: Name {
        switch self {
        case .read: .read
        case .frame: .frame
        case .transform: .transform
        case .decode: .decode
        case .map: .map
        case .normalise: .normalise
        case .dedupe: .dedupe
        case .filter: .filter
        case .search: .search
        case .rank: .rank
        case .cells: .cells
        case .render: .render
        }
    }

    /// How `--explain` names the stage: `map (keys)`, `top-k`, `render (csv, streamed)`.
    package var title: String {
        switch self {
        case .read: "read"
        case .frame: "frame"
        case .transform: "jq"
        case .decode: "decode"
        case .map(let map): map.keyed ? "map (keys)" : "map"
        case .normalise: "normalise"
        case .dedupe: "dedupe"
        case .filter: "filter"
        case .search: "search"
        case .rank(let rank): rank.title
        case .cells: "cells"
        case .render(let render): render.title
        }
    }
}
