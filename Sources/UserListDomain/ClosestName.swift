/// "Did you mean …?": the known name nearest to a mistyped one, by edit distance (insertions,
/// deletions, substitutions and swaps of two neighbours each count one), when it is near enough
/// to be a typo — at most a third of the name's length, and at least one edit.
public enum ClosestName {
    public static func closest(to name: String, in known: some Sequence<String>) -> String? {
        let typed = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in known {
            var distance = editDistance(typed, Array(candidate.lowercased()))
            // `city` for `address.city`: a dotted name's last part counts too (one more than a
            // whole name equally near, so `name` still prefers `name` to `company.name`).
            if !typed.contains("."), let last = candidate.split(separator: ".").last, last.count < candidate.count {
                distance = min(distance, editDistance(typed, Array(last.lowercased())) + 1)
            }
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(1, typed.count / 3) + (best.name.contains(".") && !name.contains(".") ? 1 : 0) else { return nil }
        return best.name
    }

    /// ` (did you mean 'NAME'?)`, or nothing.
    public static func hint(for name: String, in known: some Sequence<String>, quote: String = "'") -> String {
        closest(to: name, in: known).map { " (did you mean \(quote)\($0)\(quote)?)" } ?? ""
    }

    /// Optimal string alignment distance.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
