import UserListDomain
import CJQ
import CStackGuard
import UserListPlatform

/// A compiled jq expression, reused for every input it runs on.
///
/// libjq's state is not thread-safe: run one program on one thread at a time. Compile errors
/// arrive through libjq's error callback; they are captured here and never printed raw.
package final class JQProgram {
    private let state: OpaquePointer
    private let messages = MessageBox()
    /// The option the expression came from (`--where`), for the one line a crash in libjq becomes.
    private let label: UnsafeMutablePointer<CChar>
    /// Compiled to end cleanly after its first output (see ``init(_:variables:label:firstOutputOnly:)``).
    private let endsAfterFirst: Bool

    /// Compiles `expression` with `variables` bound (`$name`); throws libjq's first message.
    /// `label` names the option in the message if libjq's own recursion exhausts the stack.
    ///
    /// With the process-wide ``sandboxed``, `import` and `include` are refused and `env` and
    /// `$ENV` are empty (`--sandbox`).
    ///
    /// `firstOutputOnly` (`--where`, whose answer is the first output): an expression that may
    /// stop inside a path (``mayStopInsideAPath(_:)``) is run as `label $l | (EXPR) | ., break $l`,
    /// and after the first output the break is let unwind. Left
    /// in the middle instead, libjq 1.6 asserted at the next input's start when the expression
    /// had stopped inside a path expression (`first(paths(type == "string"))`, `isempty(paths)`):
    /// "stack_restore: Assertion `path_len == 0' failed", every later user exit 65.
    package init(_ expression: String, variables: JQVariables = JQVariables(), label: String = "jq", firstOutputOnly: Bool = false) throws(JQError) {
        if Self.sandboxed, JQPrelude.startsWithModuleDirective(expression) {
            throw JQError(message: "import and include are not allowed with --sandbox")
        }
        guard let state = jq_init() else { throw JQError(message: "cannot initialise libjq") }
        self.state = state
        let wraps = firstOutputOnly && !JQPrelude.startsWithModuleDirective(expression) && Self.mayStopInsideAPath(expression)
        endsAfterFirst = wraps
        // On one line with the expression's first, so libjq's line numbers stay the expression's;
        // the line break keeps a closing comment from taking the parenthesis.
        let source = wraps ? "label $__userlist_first | (" + expression + "\n) | (., break $__userlist_first)" : expression
        // A C string of our own (the guard keeps the pointer while the program runs).
        let text = Array(label.utf8CString)
        self.label = .allocate(capacity: text.count)
        self.label.initialize(from: text, count: text.count)
        ul_guard_enter(self.label)
        defer { ul_guard_leave() }
        // libjq's allocation failure printed "jq: error: cannot allocate memory" before the
        // guard's own line (two lines); the state's handler, which jq_next hands libjq again
        // on every call, is the guard's: one line, exit 65.
        jq_set_nomem_handler(state, ul_guard_out_of_memory, nil)
        ul_guard_filter_stderr()
        jq_set_error_cb(state, { context, message in
            let box = Unmanaged<MessageBox>.fromOpaque(context!).takeUnretainedValue()
            box.append(JQValue(owning: message))
        }, Unmanaged.passUnretained(messages).toOpaque())
        // jq's CLI always sets a module search path; without one, libjq 1.6 asserts (aborts the
        // process) on `import`/`include`. An empty one makes them fail cleanly: "module not found".
        jq_set_attr(state, jv_string("JQ_LIBRARY_PATH"), jv_array())
        // libjq 1.6's jq_init leaves the input callback uninitialised: `input` called whatever
        // the heap held there (a crash under the jq fuzzer; "break" or worse before). No callback
        // makes it jq's own error, "No more inputs". With the prelude, the callback is only
        // `input_filename`'s (see ``JQPrelude``): the input this thread reads.
        if JQPrelude.startsWithModuleDirective(expression) {
            jq_set_input_cb(state, nil, nil)
        } else {
            jq_set_input_cb(state, { _, _ in JQInputName.value() }, nil)
        }
        // `debug` prints `["DEBUG:",<value>]` on standard error, as the jq command does; libjq
        // alone prints nothing.
        jq_set_debug_cb(state, { _, message in
            let line = JQValue(owning: jv_array_append(jv_array_append(jv_array(), jv_string("DEBUG:")), message)).json() + "\n"
            _ = FileWriting.writeAll(FileWriting.standardError, line)
        }, nil)
        let compiled = jq_compile_args(state, JQPrelude.prefixed(source, sandboxed: Self.sandboxed), variables.object().release())
        if compiled == 0 {
            // The expression's own message (`unexpected $end … line 1`), not the wrapper's.
            if wraps { _ = try JQProgram(expression, variables: variables, label: label) }
            throw JQError(message: messages.first ?? "cannot compile the expression")
        }
    }

    deinit {
        var state: OpaquePointer? = state
        ul_guard_enter(label)
        jq_teardown(&state)
        ul_guard_leave()
        label.deallocate()
    }

    /// Whether stopping after the first output could leave libjq inside a path expression:
    /// the expression names one (`path`, `paths`, `leaf_paths`, `getpath`, `del`, `pick`,
    /// `to_entries`, `tostream`) or assigns (`=`, `|=`, `+=`, …, not `==`, `!=`, `<=`, `>=`). Only those are
    /// wrapped: the break's unwinding costs each user another step of libjq (~5% of a --where
    /// that libjq runs, on 625k users).
    static func mayStopInsideAPath(_ expression: String) -> Bool {
        for word in ["path", "del", "pick", "entries", "stream"] where expression.contains(word) { return true }
        let bytes = Array(expression.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "=") {
            let before = index > 0 ? bytes[index - 1] : 0, after = index + 1 < bytes.count ? bytes[index + 1] : 0
            if after == UInt8(ascii: "=") { continue }  // the first of `==`
            if before == UInt8(ascii: "=") || before == UInt8(ascii: "!") || before == UInt8(ascii: "<") || before == UInt8(ascii: ">") { continue }
            return true
        }
        return false
    }

    /// Runs on `input` (consumed), handing each output to `body` until it returns false.
    /// A runtime error ends the run and is thrown. `body` throws nothing: a caller that must stop
    /// with a failure of its own keeps it and returns false (see ``JQOutputRenderer``), so the
    /// only error out of here is jq's.
    package func run(_ input: consuming JQValue, _ body: (consuming JQValue) -> Bool) throws(JQError) {
        // libjq 1.6 recurses without a limit (a value nested 300,000 deep, `def f: 1 + f; f`):
        // while it runs, a stack overflow or its out-of-memory abort is one line and exit 65.
        ul_guard_enter(label)
        defer { ul_guard_leave() }
        jq_start(state, input.release(), 0)
        while true {
            let output = JQValue(owning: jq_next(state))
            if !output.isValid {
                if let message = output.invalidMessage { throw JQError(message: message) }
                if jq_halted(state) != 0 { throw haltError() }
                return
            }
            if !body(output) {
                // The break after the first output unwinds the expression (see ``init``).
                if endsAfterFirst { jv_free(jq_next(state)) }
                return
            }
        }
    }

    /// `--sandbox`, set once before any program is compiled: an expression taken from a config
    /// file can't read files (`import "x" as $x {search: "/any/dir"}`) or the environment.
    nonisolated(unsafe) package static var sandboxed = false

    /// `--jq-timeout`: a program running longer than `seconds` on one input ends the process
    /// with one line naming its option and exit 65 (libjq can't be interrupted). `inf`, or any
    /// limit of ``noLimit`` seconds or more, is none: the watchdog counts in nanoseconds, and
    /// past 2^63 of them every program would have been over its time at once.
    package static func limitRunningTime(to seconds: Double) {
        guard seconds < noLimit else { return }
        ul_guard_set_timeout(seconds)
        runningTimeLimit = seconds
    }

    /// What to do with the one line (without `userlist: `) just before a `--jq-timeout` ends the
    /// process, on the watchdog's thread while the program's own thread is stuck in libjq: the
    /// list writes its `--summary` (a run stopped that way wrote none). Nil: nothing.
    package static func onTimeout(_ body: (@Sendable (String) -> Void)?) {
        timeoutAction.body = body
        ul_guard_set_exit_hook(body == nil ? nil : { line in
            guard let line else { return }
            JQProgram.timeoutAction.body?(String(cString: line))
        })
    }

    private final class TimeoutAction: @unchecked Sendable {
        var body: (@Sendable (String) -> Void)?
    }
    private static let timeoutAction = TimeoutAction()

    /// A billion seconds (31 years): a `--jq-timeout` this long is no limit.
    package static let noLimit = 1e9

    /// The `--jq-timeout` in force, if any.
    nonisolated(unsafe) package private(set) static var runningTimeLimit: Double?

    /// `halt` and `halt_error` end a jq program; userlist has no process to end with them, so
    /// they stop the run as an error that says so, instead of ending the outputs unseen.
    private func haltError() -> JQError {
        let code = JQValue(owning: jq_get_exit_code(state))
        let message = JQValue(owning: jq_get_error_message(state))
        // libjq 1.6's reset frees the halt's code and message but keeps the pointers, so the next
        // reset frees them again (a crash at the next start or teardown; fixed in 1.7). Reset once
        // (we hold copies), then halt with nothing to free and reset again: the state is clean.
        jq_start(state, jv_null(), 0)
        jq_halt(state, jv_invalid(), jv_invalid())
        jq_start(state, jv_null(), 0)
        let exit = code.kind == JV_KIND_NUMBER ? " (exit code \(Int(jv_number_value(code.raw))))" : ""
        guard message.isValid else { return JQError(message: JQError.haltPrefixes[0] + exit) }
        let text = message.kind == JV_KIND_STRING ? String(cString: jv_string_value(message.raw)) : message.json()
        return JQError(message: JQError.haltPrefixes[1] + (text.hasSuffix("\n") ? String(text.dropLast()) : text) + exit)
    }

    /// Makes libjq let go of the last input (it keeps references until the next start), so a
    /// caller holding the only other reference can change that value in place.
    package func releaseInput() {
        // What it lets go of may be nested 300,000 deep: libjq frees it recursively, under the guard.
        ul_guard_enter(label)
        defer { ul_guard_leave() }
        jq_start(state, jv_null(), 0)
    }

    /// Whether the first output is truthy (neither `false` nor `null`), or nil when there is
    /// none: `--where`'s answer. The output is freed while the guard is on, as libjq frees a
    /// value recursively: one nested 300,000 deep (`reduce range(300000) as $i (null; [.])`) is
    /// then one line and exit 65, as when the expression consumes it itself, not a crash.
    package func firstIsTruthy(_ input: consuming JQValue) throws(JQError) -> Bool? {
        var result: Bool?
        try run(input) { output in
            result = !output.isFalsy
            return false
        }
        return result
    }

    /// The first output, or nil when there is none.
    package func first(_ input: consuming JQValue) throws(JQError) -> JQValue? {
        var result: JQValue?
        try run(input) { output in
            result = consume output
            return false
        }
        return result
    }
}

/// Collects libjq's messages during compilation.
private final class MessageBox {
    private(set) var all: [String] = []

    package var first: String? { all.first }

    package func append(_ message: consuming JQValue) {
        let text = message.kind == JV_KIND_STRING ? String(cString: jv_string_value(message.raw)) : message.json()
        // libjq prefixes "jq: error: " and ends with a count line ("jq: 1 compile error"); keep the cause.
        var line = text.split(separator: "\n").first.map(String.init) ?? text
        if line.hasPrefix("jq: error: ") { line.removeFirst("jq: error: ".count) }
        if line.hasSuffix(":") { line.removeLast() }
        if !line.hasPrefix("jq: ") || all.isEmpty { all.append(line) }
    }
}
