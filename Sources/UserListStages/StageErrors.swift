/// The errors the stages met in the earliest input that had any — its first of each rank — from
/// which the merge takes the one a single run stops at (``chosen``).
///
/// A single run hands a chunk's records before a reading error on before stopping at it (see
/// ``ChunkParser``): the Service then meets their `--strict` reject, or `--where` their failing
/// user, first. So in the failing input (one chunk), an error of another rank counts only before
/// the reading error's position, and among those ranks order as in ``StageError``. Keeping each
/// rank's first is enough to decide it whatever order the partitions come in (a pairwise "earlier
/// error" can't: a `--strict` reject after a reading error loses to it, yet wins over a
/// `--where` error before both).
struct StageErrors: Sendable {
    /// At most one per rank, all of one input.
    private(set) var found: [StageError] = []

    init() {}

    /// Adds an error one stage met (the first of its rank in the earliest input stays).
    mutating func add(_ error: StageError) {
        guard keeps(error) else { return }
        if let input = found.first?.input, error.input < input { found = [] }
        found.removeAll { $0.rank == error.rank }
        found.append(error)
    }

    /// Whether ``add(_:)`` would keep `error` (the partial stage writes a `--where` error's
    /// reject line only for one it keeps).
    func keeps(_ error: StageError) -> Bool {
        guard let input = found.first?.input, error.input >= input else { return true }
        guard error.input == input else { return false }
        return found.first { $0.rank == error.rank }.map { error.position < $0.position } ?? true
    }

    /// Another partition's.
    mutating func merge(_ other: StageErrors) {
        for error in other.found { add(error) }
    }

    /// The failing input's reading error, if it had one.
    var reading: StageError? { found.first { $0.rank == .reading } }

    /// The error a single run stops at, nil when none.
    var chosen: StageError? {
        let readingPosition = reading?.position ?? .max
        return found.filter { $0.rank != .reading && $0.position < readingPosition }.min { $0.rank.rawValue < $1.rank.rawValue } ?? reading
    }

    /// The merge's own error (`--max-rejects`): a single run stops there, whatever else.
    mutating func replace(with error: StageError) {
        found = [error]
    }

    /// Changes the chosen error in place (its message, its exit code).
    mutating func updateChosen(_ change: (inout StageError) -> Void) {
        guard let chosen, let index = found.firstIndex(where: { $0.rank == chosen.rank }) else { return }
        change(&found[index])
    }

    /// Changes every error's message (line numbers resolved).
    mutating func updateMessages(_ change: (String) -> String) {
        for index in found.indices { found[index].message = change(found[index].message) }
    }

}
