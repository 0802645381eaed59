import UserListDomain

extension StageStatistics {
    /// The counts on a counts line (its JSON, `json`) that `writer`, the stage before `stage`,
    /// wrote; they must come from a stage given the same options (`options`, the fingerprint of
    /// this run's): what the partial and merge stages check of every counts line they read.
    init(countsLine json: UnsafeRawBufferPointer, from writer: Stage, in stage: Stage, options: String, _ input: StageInput, line: Int) throws(UserlistError) {
        guard let counts = StageStatistics(json: json) else {
            throw StageFailure.bad(stage, input, line, "not the counts the \(writer.rawValue) stage writes")
        }
        guard counts.options == options else { throw StageFailure.otherOptions(stage, input, line) }
        self = counts
    }
}
