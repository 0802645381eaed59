/// The colours of JSON on a terminal, as jq names them: `JQ_COLORS` is eight colour specs,
/// `null:false:true:numbers:strings:arrays:objects:object keys`, each the inside of an SGR
/// escape (`1;31`). jq 1.7.1's defaults; a partial `JQ_COLORS` sets the first ones, as in jq.
public struct JSONPalette: Sendable, Equatable {
    /// Escape sequences, `ESC [ spec m`.
    public var null, `false`, `true`, number, string, array, object, key: [UInt8]

    /// jq 1.7.1's `0;90:0;37:0;37:0;37:0;32:1;37:1;37:34;1` (null bright black, where jq 1.6
    /// had `1;30`, invisible on many dark terminals).
    public static let jq = JSONPalette(specs: ["0;90", "0;37", "0;37", "0;37", "0;32", "1;37", "1;37", "34;1"])

    static let reset = Array("\u{1B}[0m".utf8)

    private init(specs: [String]) {
        let codes = specs.map { Array("\u{1B}[\($0)m".utf8) }
        (null, `false`, `true`, number, string, array, object, key) = (codes[0], codes[1], codes[2], codes[3], codes[4], codes[5], codes[6], codes[7])
    }

    /// `JQ_COLORS`: up to eight specs separated by `:`, each digits and `;` (at most 16
    /// characters), overriding the defaults in order; nil when it is not that (jq then warns
    /// and keeps its defaults).
    public init?(jqColors: String) {
        var specs = ["0;90", "0;37", "0;37", "0;37", "0;32", "1;37", "1;37", "34;1"]
        let given = jqColors.split(separator: ":", omittingEmptySubsequences: false)
        guard given.count <= specs.count else { return nil }
        for (index, spec) in given.enumerated() {
            guard spec.count <= 16, spec.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else { return nil }
            specs[index] = String(spec)
        }
        self.init(specs: specs)
    }
}
