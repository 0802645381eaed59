@_spi(Pipeline) import UserListJSON
// The library's users see the domain types (User, UserlistError, …) through UserListKit, as before.
@_exported import UserListDomain
