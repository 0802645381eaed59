/// Makes a failing export smaller while it fails the same way: drops items, keeps one document of
/// a line, one user of an array or envelope, ends it with a line break — keeping to the corpus's
/// rules (``CorpusGenerator/isFair(_:format:)``) so the smaller export asks the same question.
enum CorpusShrinker {
    static func shrink(_ export: CorpusExport, failure: String, budget: Int = 400, failing: (CorpusExport) -> String?) -> (export: CorpusExport, failure: String) {
        var current = export
        var message = failure
        var budget = budget
        let area = failure.prefix { $0 != ":" }
        func attempt(_ candidate: CorpusExport) -> Bool {
            guard budget > 0, !candidate.items.isEmpty, CorpusGenerator.isFair(candidate.items, format: candidate.format) else { return false }
            budget -= 1
            guard let failed = failing(candidate), failed.prefix(while: { $0 != ":" }) == area else { return false }
            current = candidate
            message = failed
            return true
        }
        var changed = true
        while changed, budget > 0 {
            changed = false
            // Whole items, from the end (later items matter less to the first failure).
            var index = current.items.count - 1
            while index >= 0 {
                var candidate = current
                candidate.items.remove(at: index)
                if attempt(candidate) { changed = true }
                index = min(index, current.items.count) - 1
            }
            // Simpler good items.
            for index in current.items.indices {
                guard case .good(let documents, let separator) = current.items[index] else { continue }
                var simpler: [[CorpusJSON]] = []
                if documents.count > 1 { simpler.append([documents[0]]) }
                for (position, document) in documents.enumerated() {
                    if case .user = document { continue }
                    var replaced = documents
                    replaced[position] = .user(document.users[0])
                    simpler.append(replaced)
                }
                for documents in simpler {
                    var candidate = current
                    candidate.items[index] = .good(documents, separator: separator)
                    if attempt(candidate) {
                        changed = true
                        break
                    }
                }
            }
            if !current.finalLineBreak {
                var candidate = current
                candidate.finalLineBreak = true
                if attempt(candidate) { changed = true }
            }
            if current.gzipMemberCut != nil {
                var candidate = current
                candidate.gzipMemberCut = nil
                if attempt(candidate) { changed = true }
            }
        }
        return (current, message)
    }
}
