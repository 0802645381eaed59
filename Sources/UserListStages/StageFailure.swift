import UserListKit
import UserListDomain
/// A stage's input that is not what the stage before it writes: one line naming the stage, its
/// input and the line, and exit 65 (the task fails; nothing about the users is wrong, the job is
/// wired wrongly). Options that differ between stages are exit 64.
enum StageFailure {
    static func bad(_ stage: Stage, _ input: StageInput, _ line: Int, _ what: String) -> UserlistError {
        UserlistError(.data, Diagnostic(.stage, scope: "stage \(stage.rawValue)", input: input.name, line: line, what))
    }

    static func badLine(_ stage: Stage, _ input: StageInput, _ line: Int, _ text: UnsafeRawBufferPointer, expected: String) -> UserlistError {
        bad(stage, input, line, "expected \(expected); got '\(StageLine.excerpt(text))'")
    }

    static func otherOptions(_ stage: Stage, _ input: StageInput, _ line: Int) -> UserlistError {
        UserlistError(.usage, Diagnostic(.stage, scope: "stage \(stage.rawValue)", input: input.name, line: line, "these counts come from a stage given other options: give every stage the same userlist options"))
    }
}
