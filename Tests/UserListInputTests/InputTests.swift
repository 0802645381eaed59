import Testing

/// The parent suite of UserListInput's tests, so `swift test --filter InputTests` selects them.
@Suite enum InputTests {}
