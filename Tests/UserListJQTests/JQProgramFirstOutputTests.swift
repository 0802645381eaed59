import Testing
@testable import UserListJQ

/// `--where` stops libjq after the first output; one that may stop inside a path is wrapped so
/// that it ends cleanly (libjq 1.6 asserted at the next start), and the others are not.
@Suite struct JQProgramFirstOutputTests {
    @Test(arguments: [
        ("first(paths(type == \"string\"))", true), ("isempty(leaf_paths)", true), ("getpath([\"a\"])", true),
        ("del(.a) | length > 0", true), (".a = 1", true), (".a |= . + 1", true), ("first(tostream)", true),
        (".id == 1", false), (".id != 1 and .n <= 2 and .m >= 3", false), (".name | test(\"an\")", false),
    ])
    func wrappedOnlyWhenItMayStopInsideAPath(_ expression: String, _ wraps: Bool) {
        #expect(JQProgram.mayStopInsideAPath(expression) == wraps)
    }

    /// Many inputs in a row, each stopped after its first output inside a path expression.
    @Test func stoppingInsideAPathLeavesTheNextInputClean() throws {
        let program = try JQProgram("first(paths(type == \"string\")) | length == 1", label: "--where", firstOutputOnly: true)
        for _ in 0..<5 {
            guard case .success(let input) = JQValue.parse(#"{"a": "x", "b": {"c": "y"}}"#) else { Issue.record("parse"); return }
            #expect(try program.firstIsTruthy(input) == true)
        }
    }
}
