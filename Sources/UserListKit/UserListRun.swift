/// One run of userlist, wired from the command line's choices: the composition root.
///
/// Builds Gateway → Service → ViewModel, loads, and renders the resulting state. Output is only
/// written once the whole input has been read without a fatal error, so a failed run leaves
/// nothing half-written on standard output.
public struct UserListRun {
    public var inputs: [InputSource]
    public var query: UserListQuery
    public var format: OutputFormat
    public var strict: Bool
    /// Width to fit a `table` into (the terminal's), or nil for no limit.
    public var maxTableWidth: Int?

    public init(inputs: [InputSource], query: UserListQuery = UserListQuery(), format: OutputFormat = .json, strict: Bool = false, maxTableWidth: Int? = nil) {
        self.inputs = inputs
        self.query = query
        self.format = format
        self.strict = strict
        self.maxTableWidth = maxTableWidth
    }

    /// Runs and writes the result to `output`; throws the error that stopped the run.
    public func run(output: OutputWriter, warnings: any WarningReporter) throws(UserlistError) {
        let gateway = UserGateway(inputs: inputs)
        let service = UserService(source: gateway, strict: strict, warnings: warnings)
        let viewModel = UserListViewModel(service: service, query: query, warnings: warnings, strict: strict)
        viewModel.load()
        if case .error(let error) = viewModel.state { throw error }
        do {
            try format.renderer(maxTableWidth: maxTableWidth).render(viewModel.state, to: output)
        } catch let error as UserlistError {
            throw error
        } catch {
            throw UserlistError(.output, "\(error)")
        }
        try output.flush()
    }
}
