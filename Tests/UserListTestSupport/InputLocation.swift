import UserListDomain

/// The domain's location in the input; `SourceLocation` alone is ambiguous next to Swift Testing's.
public typealias InputLocation = UserListDomain.SourceLocation
