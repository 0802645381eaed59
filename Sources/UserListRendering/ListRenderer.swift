@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
/// Turns a list state into bytes for one output format.
///
/// Renderers are pure: they only write to `output`, never flush it, read the environment or
/// touch the state. The caller flushes once everything is written, so write errors surface there.
public protocol ListRenderer {
    func render(_ state: ListState, to output: OutputWriter) throws(UserlistError)
}
