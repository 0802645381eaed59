import Foundation
import UserListTestSupport

/// Runs a shell command line with the freshly built `userlist` first on PATH, from the package root.
enum CommandRunner {
    struct Result: Equatable {
        var stdout: Data
        var stderr: Data
        var status: Int32
    }

    /// The package root (``PackageRoot``).
    static let packageRoot = PackageRoot.url

    /// The build folder holding both this test binary and `userlist`.
    static let binaryDirectory: URL = {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = me.deletingLastPathComponent()
        // On Linux the test binary is `<build>/debug/<package>PackageTests.xctest`.
        while !FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("userlist").path), dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir
    }()

    /// An empty directory as `XDG_CONFIG_HOME`: no `userlist/config.toml` in it.
    static let emptyConfigHome: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-tests-config-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func run(_ commandLine: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", commandLine]
        process.currentDirectoryURL = packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binaryDirectory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["LC_ALL"] = "C.UTF-8"
        environment.removeValue(forKey: "COLUMNS")
        // A table in a pseudo-terminal as tall as the runner's own would wait in less for a key.
        environment["PAGER"] = "cat"
        // Never the real user's config: an empty config home, and no USERLIST_* of the shell that runs
        // the tests (a case sets its own in its command line).
        environment["XDG_CONFIG_HOME"] = emptyConfigHome
        for name in environment.keys where name.hasPrefix("USERLIST_") && name != "USERLIST_CHILD_ASAN_OPTIONS" { environment.removeValue(forKey: name) }
        // Scripts/sanitize.sh: leak checks for userlist, not for this test runner (Foundation's own).
        if let options = environment["USERLIST_CHILD_ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a large output can't deadlock the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(stdout: outData, stderr: errData, status: process.terminationStatus)
    }
}
