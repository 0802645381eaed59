import Testing

/// The parent suite of the Gateway/Diagnostics tests, so `swift test --filter Diagnostics` selects them all.
@Suite enum DiagnosticsTests {}
