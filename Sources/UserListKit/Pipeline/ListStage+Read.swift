import UserListGateway

extension ListStage {
    /// What the read stage reads, and on how many threads.
    package struct Read {
        package var inputs: [InputSource]
        /// Parsing threads: each also runs the per-batch stages after it (up to the cells).
        package var workers: Int
        /// `--skip-bad-json`: a document that isn't JSON becomes a reject instead of an error.
        package var skipBadJSON: Bool
        /// A jq expression asks for `input_filename`: each batch names its input to jq.
        package var namesInputsToJQ: Bool
    }
}
