@_spi(Pipeline) @testable import UserListKit

/// UserListKit's location in the input; `SourceLocation` alone is ambiguous next to Swift Testing's.
typealias InputLocation = UserListKit.SourceLocation
