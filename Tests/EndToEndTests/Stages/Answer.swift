import Foundation

/// What a run answered: its standard output, its warnings, and the error it stopped at.
struct Answer: Equatable, CustomStringConvertible {
    var stdout: [UInt8]
    var warnings: [String]
    var error: String?
    var code: Int32

    var description: String {
        "exit \(code)\(error.map { ": \($0)" } ?? "")\nwarnings: \(warnings)\nstdout: \(String(decoding: stdout.prefix(1200), as: UTF8.self))"
    }
}
