import Testing
@testable import UserListKit
@Test func probe() { #expect(Probe.padding() == 64) }
