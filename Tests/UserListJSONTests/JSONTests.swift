import Testing

/// The parent suite of UserListJSON's tests but its diagnostics' (`DiagnosticsTests`).
@Suite enum JSONTests {}
