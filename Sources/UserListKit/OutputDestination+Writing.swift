import UserListDomain
import UserListPlatform
import UserListRendering

extension OutputDestination {
    /// Runs `body` with a writer for this destination. A file is written beside it and renamed
    /// over it once `body` has succeeded and the bytes are on disk, as `UserListRun.run(to:)`
    /// does: a failed run leaves the old file as it was. Not creating it is exit 73, not writing 74.
    /// `beforeFirstOutput` is called with the first bytes bound for standard output.
    package func writing<Result>(beforeFirstOutput: ((UnsafeRawBufferPointer) -> Void)? = nil, _ body: (OutputWriter) throws(UserlistError) -> Result) throws(UserlistError) -> Result {
        let standardOutput = {
            let writer = OutputWriter.standardOutput()
            writer.beforeFirstWrite = beforeFirstOutput
            return writer
        }
        let (result, file) = try writingUncommitted(standardOutput: standardOutput, body)
        do { try file?.commit() } catch {
            throw UserlistError.output(error)
        }
        return result
    }

    /// Runs `body` with a writer for this destination: `standardOutput()`, or one into the
    /// ``AtomicFile`` written beside the file, returned with every byte written and left for the
    /// caller to commit (or abandon: a failure in `body` abandons it here).
    func writingUncommitted<Result>(standardOutput: () -> OutputWriter, _ body: (OutputWriter) throws(UserlistError) -> Result) throws(UserlistError) -> (Result, AtomicFile?) {
        guard case .file(let path) = self else { return (try body(standardOutput()), nil) }
        let file: AtomicFile
        do { file = try AtomicFile(path: path) } catch { throw UserlistError(.cantCreate, error) }
        do {
            return (try body(OutputWriter(fileDescriptor: file.descriptor, name: path)), file)
        } catch {
            file.abandon()
            throw error
        }
    }
}
