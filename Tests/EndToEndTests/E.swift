import Testing
@Test func e2e() { #expect(1 == 1) }
