import UserListJSON
import UserListInput
import UserListPredicate

/// `userlist --version`'s lines after the first: the libraries a run reads with, as they say
/// their versions (simdjson and libjq have no run-time version: the ones built with).
public enum LibraryVersions {
    /// libjq 1.6: Debian's libjq1, the ABI userlist is built for (libjq 1.6 has no version call).
    public static let libjq = "1.6"

    public static var lines: [String] {
        [
            "libjq \(libjq) with Oniguruma \(OnigurumaVersion.text) (jq 1.7 and 1.8 builtins by userlist's prelude)",
            "simdjson \(SimdJSONVersion.text)",
            DecompressorVersions.all.map { "\($0.library) \($0.version)" }.joined(separator: ", "),
        ]
    }
}
