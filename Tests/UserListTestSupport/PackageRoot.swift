import Foundation

/// The package's root folder (two levels above this file, Tests/UserListTestSupport/), where the
/// samples, golden cases and README are: every test target finds them from here.
public enum PackageRoot {
    public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under the root, `Samples/export.ndjson`.
    public static func file(_ path: String) -> URL { url.appendingPathComponent(path) }
}
