import UserListDiff
import UserListDomain

/// Prints a ``DiffResult`` in one of the ``DiffFormat``s.
public protocol DiffRenderer {
    func render(_ result: DiffResult, to output: OutputWriter) throws(UserlistError)
}
