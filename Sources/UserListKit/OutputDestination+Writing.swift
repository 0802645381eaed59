@_spi(Pipeline) import UserListDomain
import UserListPlatform
import UserListRendering

extension OutputDestination {
    /// Runs `body` with a writer for this destination. A file is written beside it and renamed
    /// over it once `body` has succeeded and the bytes are on disk, as `UserListRun.run(to:)`
    /// does: a failed run leaves the old file as it was. Not creating it is exit 73, not writing 74.
    /// `beforeFirstOutput` is called with the first bytes bound for standard output.
    func writing<Result>(beforeFirstOutput: ((UnsafeRawBufferPointer) -> Void)? = nil, _ body: (OutputWriter) throws(UserlistError) -> Result) throws(UserlistError) -> Result {
        guard case .file(let path) = self else {
            let writer = OutputWriter.standardOutput()
            writer.beforeFirstWrite = beforeFirstOutput
            return try body(writer)
        }
        let file: AtomicFile
        do { file = try AtomicFile(path: path) } catch { throw UserlistError(.cantCreate, error) }
        let result: Result
        do {
            result = try body(OutputWriter(fileDescriptor: file.descriptor, name: path))
        } catch {
            file.abandon()
            throw error
        }
        do { try file.commit() } catch {
            throw UserlistError.output(error)
        }
        return result
    }
}
