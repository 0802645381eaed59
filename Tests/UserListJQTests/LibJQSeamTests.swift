import CJQ
import Testing

/// Proves the `CJQ` system library target links Debian's libjq 1.6 and runs a program.
@Suite struct LibJQSeamTests {
    @Test func compilesAndRunsAProgram() throws {
        let state = try #require(jq_init())
        defer {
            var s: OpaquePointer? = state
            jq_teardown(&s)
        }
        #expect(jq_compile(state, ".users | map(select(.age > 30) | .name)") == 1)
        let input = jv_parse(#"{"users":[{"name":"Ann","age":41},{"name":"Bo","age":20},{"name":"Cy","age":33}]}"#)
        jq_start(state, input, 0)
        let output = jq_next(state)
        defer { jv_free(output) }
        #expect(jv_get_kind(output) == JV_KIND_ARRAY)
        let text = jv_dump_string(jv_copy(output), 0)
        defer { jv_free(text) }
        #expect(String(cString: jv_string_value(text)) == #"["Ann","Cy"]"#)
        let end = jq_next(state)
        #expect(jv_is_valid(end) == 0)
        jv_free(end)
    }

    @Test func rejectsAProgramThatDoesNotCompile() throws {
        let state = try #require(jq_init())
        defer {
            var s: OpaquePointer? = state
            jq_teardown(&s)
        }
        // Silence libjq's default stderr printer: the count of errors is what matters here.
        jq_set_error_cb(state, { _, message in jv_free(message) }, nil)
        #expect(jq_compile(state, ".a | ") == 0)
    }
}
