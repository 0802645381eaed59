@_spi(Pipeline) import UserListDomain
import UserListPlatform
import UserListRendering

/// Where a run's output goes: standard output, or a file (`--output`) that is replaced only when
/// the run succeeds.
public enum OutputDestination: Equatable, Sendable {
    case standardOutput
    case file(String)

    /// Parses `--output`'s value: `-` is standard output.
    public init(argument: String) {
        self = argument == "-" ? .standardOutput : .file(argument)
    }
}

extension UserListRun {
    /// Runs into `destination`. A file is written beside its destination and renamed over it
    /// once the run has succeeded and the bytes are on disk: a failed or interrupted run leaves
    /// the old file as it was and nothing else behind. Not creating it is exit 73, not writing 74.
    public func run(to destination: OutputDestination, warnings: any WarningReporter) throws(UserlistError) {
        guard case .file(let path) = destination else {
            return try run(output: .standardOutput(), warnings: warnings)
        }
        let file: AtomicFile
        do { file = try AtomicFile(path: path) } catch { throw UserlistError(.cantCreate, error.description) }
        do {
            try run(output: OutputWriter(fileDescriptor: file.descriptor, name: path), warnings: warnings)
        } catch {
            file.abandon()
            throw error
        }
        do { try file.commit() } catch {
            throw UserlistError(error.operation == "write error" ? .output : .cantCreate, error.description)
        }
    }
}
