import CFuzzDriver
import Foundation

/// What the fuzz targets share: how a finding is reported, and the replay driver that runs saved
/// inputs through a target without libFuzzer (`swift run fuzz-gateway crash-…`).
public enum FuzzSupport {
    /// A broken promise: ends the process by `abort()`, which libFuzzer records as a crash with
    /// its input, so `Scripts/fuzz.sh` fails and the input is in the log.
    public static func fail(_ what: String, _ details: String) -> Never {
        FileHandle.standardError.write(Data("fuzz finding: \(what): \(details.debugDescription)\n".utf8))
        abort()
    }

    /// The one-line rule: a message userlist prints is a single line with no control characters.
    public static func checkOneLine(_ message: String, _ what: String) {
        if message.isEmpty || message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fail("\(what) is not one clean line", message)
        }
    }

    /// A file in /dev/shm (or the temporary directory) for inputs the library reads by path.
    public static let scratchFile: String = {
        let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(directory)/userlist-fuzz-\(getpid())"
    }()

    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            fail("cannot write the scratch file", path)
        }
    }

    /// The target's `main`: libFuzzer's loop when it is linked, else a replay of the files named.
    public static func main(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        let status = ul_fuzz_driver(CommandLine.argc, CommandLine.unsafeArgv, target)
        if status == -1 { replay(target) }
        exit(max(status, 0))
    }

    /// Without libFuzzer: runs every file named on the command line through `target`.
    static func replay(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(66)
            }
            let bytes = [UInt8](data) + [0]
            _ = bytes.withUnsafeBufferPointer { target($0.baseAddress!, data.count) }
            print("\(path): ok")
        }
    }
}
