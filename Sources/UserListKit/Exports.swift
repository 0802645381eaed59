@_spi(Pipeline) import UserListViewModel
import UserListRendering
import UserListService
import UserListDomain
import UserListGateway
import UserListJQ
@_spi(Pipeline) import UserListJSON
// The library's users see the domain types (User, UserlistError, …) and the jq variables through
// UserListKit, as before the layers became targets.
@_exported import UserListDomain
@_exported import UserListJQ
@_exported import UserListInput
@_exported import UserListGateway
@_exported import UserListService
@_exported import UserListViewModel
@_exported import UserListRendering
@_exported import UserListDiff
