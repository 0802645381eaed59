/// The closest of some names to a misspelt one, for "did you mean" in usage errors
/// (`--sort nmae` → `name`).
public enum NameSuggestion {
    /// The candidate nearest `name` by edit distance (a swap of two neighbours counts as one
    /// edit, as typing slips go), case ignored; nil when even the nearest needs more than a third
    /// of the name changed, where a suggestion would be a guess.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(1, (typed.count + 2) / 3) else { return nil }
        return best.name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
