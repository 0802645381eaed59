/// jq 1.7 and 1.8 builtins that libjq 1.6 (Debian's, which userlist is built on) lacks or gets
/// wrong, written in jq and compiled in front of every expression, so `--where`, `--jq` and
/// `--jq-out` take the jq that users write today. Checked by jq 1.8.2's own manual tests.
///
/// It is one line ending in a space, so a compile error's line number in the user's expression
/// is the same with it as without (libjq 1.6 reports lines, not columns). Programs that start
/// with `import`/`include` get no prelude: jq wants those directives before any definition.
enum JQPrelude {
    static let definitions: [String] = [
        // jq 1.7+: numbers keep their literal text (have_literal_numbers); 1.6 has doubles only.
        // jq 1.6 can't tell error(null) from no output (it vanished, dropping a user unseen);
        // 1.7 reports it. The builtin is taken under another name first, then wrapped.
        "def _userlist_builtin_error(message): error(message);",
        #"def error(message): if message == null then _userlist_builtin_error("error(null) was called") else _userlist_builtin_error(message) end;"#,
        "def error: error(.);",
        "def have_decnum: false;",
        "def have_literal_numbers: false;",
        #"def abs: if type == "number" then (if . < 0 then 0 - . else . end) else error("\(type) (\(tojson)) has no absolute value") end;"#,
        #"def toboolean: if type == "boolean" then . elif . == "true" then true elif . == "false" then false else error("\(type) (\(tojson)) cannot be parsed as a boolean") end;"#,
        #"def trim: if type == "string" then sub("^\\s+"; "") | sub("\\s+$"; "") else error("trim input must be a string") end;"#,
        #"def ltrim: if type == "string" then sub("^\\s+"; "") else error("trim input must be a string") end;"#,
        #"def rtrim: if type == "string" then sub("\\s+$"; "") else error("trim input must be a string") end;"#,
        #"def trimstr($x): ltrimstr($x) | rtrimstr($x);"#,
        "def pick(pathexps): . as $top | reduce path(pathexps) as $p (null; setpath($p; $top | getpath($p)));",
        "def add(f): reduce f as $x (null; . + $x);",
        #"def skip($n; f): if $n > 0 then foreach f as $x ($n; . - 1; if . < 0 then $x else empty end) elif $n == 0 then f else error("skip doesn't support negative count") end;"#,
        #"def limit($n; f): if $n > 0 then label $out | foreach f as $x (0; . + 1; $x, if . >= $n then break $out else empty end) elif $n == 0 then empty else error("limit doesn't support negative count") end;"#,
        // 1.6's last and nth give null for no outputs; 1.7 gives none.
        "def last(f): reduce f as $x (null; [$x]) | if . == null then empty else .[0] end;",
        #"def nth($n; f): if $n < 0 then error("nth doesn't support negative indices") else first(skip($n; f)) end;"#,
        "def toarray: if type == \"array\" then . else [.] end;",
        "def debug(msg): (msg | debug | empty), .;",
        "def scan($re; $flags): match($re; \"g\" + $flags) | if (.captures | length > 0) then [.captures | .[] | .string] else .string end;",
        "def splits($re; flags): split($re; flags) | .[];",
        // `input_filename`, as the jq command gives it: the input callback is userlist's, and
        // answers with the file being read (``JQInputName``); 1.6 asks only its own file reader.
        // `input` and `inputs` keep what they do here, with no more inputs to read.
        "def _userlist_input_filename: input;",
        "def input_filename: _userlist_input_filename;",
        #"def input: error("No more inputs");"#,
        "def inputs: empty;",
    ]

    /// The prelude as one line, ending in a space.
    static let line = definitions.joined(separator: " ") + " "

    /// Whether `expression` begins with a module directive (`import`, `include`, `module`),
    /// which jq wants before any definition. (A leading comment hides one from this check; jq
    /// then reports the directive as misplaced.)
    static func startsWithModuleDirective(_ expression: String) -> Bool {
        let start = expression.drop { $0.isWhitespace }
        return start.hasPrefix("import") || start.hasPrefix("include") || start.hasPrefix("module")
    }

    /// `--sandbox`: `env` and `$ENV` are empty, on the same line as the prelude.
    static let sandbox = "def env: {}; {} as $ENV | "

    /// `expression` with the prelude (and the sandbox) in front, unless it begins with a module directive.
    static func prefixed(_ expression: String, sandboxed: Bool = false) -> String {
        if startsWithModuleDirective(expression) { return expression }
        return line + (sandboxed ? sandbox : "") + expression
    }
}
