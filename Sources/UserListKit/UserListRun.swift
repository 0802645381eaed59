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
    /// jq expressions: `--where`, `--jq`, `--jq-out`, and the variables they all see.
    public var whereExpression: String?
    public var preTransform: String?
    public var outputTransform: String?
    public var variables: JQVariables
    /// `--users-at`: where the users are, replacing detection.
    public var usersAt: UsersAtPath?

    public init(
        inputs: [InputSource], query: UserListQuery = UserListQuery(), format: OutputFormat = .json,
        strict: Bool = false, maxTableWidth: Int? = nil, whereExpression: String? = nil,
        preTransform: String? = nil, outputTransform: String? = nil, variables: JQVariables = JQVariables(),
        usersAt: UsersAtPath? = nil
    ) {
        self.inputs = inputs
        self.query = query
        self.format = format
        self.strict = strict
        self.maxTableWidth = maxTableWidth
        self.whereExpression = whereExpression
        self.preTransform = preTransform
        self.outputTransform = outputTransform
        self.variables = variables
        self.usersAt = usersAt
    }

    /// Runs and writes the result to `output`; throws the error that stopped the run.
    public func run(output: OutputWriter, warnings: any WarningReporter) throws(UserlistError) {
        // Compile every expression before reading anything: a typo is exit 64 at once.
        let jq = try preTransform.map { expression throws(UserlistError) in try JQDocumentTransform(expression: expression, variables: variables) }
        let filter = try whereExpression.map { expression throws(UserlistError) in try JQUserFilter(expression: expression, variables: variables) }
        let renderer: any ListRenderer = try outputTransform.map { expression throws(UserlistError) in
            try JQOutputRenderer(expression: expression, variables: variables, format: format)
        } ?? format.renderer(maxTableWidth: maxTableWidth)

        let gateway = UserGateway(inputs: inputs, preTransform: jq, usersAt: usersAt)
        let service = UserService(source: gateway, strict: strict, warnings: warnings)
        let viewModel = UserListViewModel(service: service, query: query, filter: filter, warnings: warnings, strict: strict)
        viewModel.load()
        if case .error(let error) = viewModel.state { throw error }
        do {
            try renderer.render(viewModel.state, to: output)
        } catch let error as UserlistError {
            throw error
        } catch {
            throw UserlistError(.output, "\(error)")
        }
        try output.flush()
    }
}
