@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListService
@_spi(Pipeline) import UserListDomain
@_spi(Pipeline) import UserListGateway
import UserListJQ

/// The layers' objects, made from the stages that run in them: the Gateway runs read to map, the
/// Service normalise and dedupe, the ViewModel filter to cells. Made once per run; the work per
/// batch and per record is theirs.
extension ListPipeline {
    /// read → frame → jq → decode → map. `transform`: the jq stage's program, compiled.
    func gateway(transform: JQDocumentTransform?, progress: ReadProgress?) -> UserGateway {
        let read = read!
        let map = map!
        var gateway = UserGateway(inputs: read.inputs, preTransform: transform, usersAt: map.usersAt)
        gateway.fields = map.fields
        gateway.judge = map.judge
        gateway.workers = read.workers
        gateway.skipBadJSON = read.skipBadJSON
        gateway.progress = progress
        gateway.mappingOptions = map.options
        gateway.namesInputsToJQ = read.namesInputsToJQ
        return gateway
    }

    /// normalise → dedupe, over `source`; with the cells stage on keys, its encoder per batch.
    func service(_ source: any UserRecordSource, warnings: any WarningReporter, rejects: RejectsFile?, progress: ReadProgress? = nil) -> UserService {
        let service = UserService(source: source, strict: normalise!.strict, warnings: warnings, rejects: rejects)
        service.progress = progress
        if let cells, cells.fromKeys {
            let encoder = cells.encoder
            service.encodeCells = { cells in encoder.encode(cells) }
        }
        return service
    }

    /// filter → search → rank → cells, over `service`. `filter`: the filter stage's program, compiled.
    func viewModel(_ service: UserService, filter: JQUserFilter?, warnings: any WarningReporter, rejects: RejectsFile?) -> UserListViewModel {
        let viewModel = UserListViewModel(service: service, query: query, filter: filter, warnings: warnings, strict: normalise!.strict, encoder: cells?.encoder)
        viewModel.rejects = rejects
        switch rank {
        case .page(_, let bound): viewModel.pageBound = bound
        case .count: viewModel.countOnly = true
        case .countBy(let field): viewModel.countBy = field
        case .sort, nil: break
        }
        return viewModel
    }
}
