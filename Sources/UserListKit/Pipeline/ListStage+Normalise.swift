extension ListStage {
    /// The Service's rules for one record.
    package struct Normalise {
        /// `--strict`: the first record that can't be a user stops the run.
        package var strict: Bool
    }
}
