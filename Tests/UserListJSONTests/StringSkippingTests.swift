import Testing
@_spi(Pipeline) import UserListJSON

extension JSONTests {
    /// ``UnsafeRawBufferPointer/nextStringSpecial(from:)`` (eight bytes at a time) finds what a
    /// byte-at-a-time loop finds, wherever the special byte sits in a word.
    @Suite struct StringSkippingTests {
        static func naive(_ bytes: [UInt8], from start: Int) -> Int {
            bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? bytes.count
        }

        @Test func agreesWithAByteLoop() {
            var generator = SystemRandomNumberGenerator()
            // Bytes that trip SWAR tricks: 0x21/0x23 beside the quote, 0x5B/0x5D beside the
            // backslash, 0x1F/0x20 at the control boundary, 0x80+ (UTF-8), 0x00.
            let alphabet: [UInt8] = [0x61, 0x21, 0x23, 0x5B, 0x5D, 0x1F, 0x20, 0x80, 0xE4, 0xFF, 0x00, 0x22, 0x5C, 0x0A]
            for _ in 0..<3000 {
                let length = Int.random(in: 0...40, using: &generator)
                let plain = Int.random(in: 0...10, using: &generator)
                let bytes = (0..<length).map { _ in Bool.random(using: &generator) && plain > 3 ? 0x61 : alphabet.randomElement(using: &generator)! }
                let start = length == 0 ? 0 : Int.random(in: 0...length, using: &generator)
                let found = bytes.withUnsafeBytes { $0.nextStringSpecial(from: start) }
                #expect(found == Self.naive(bytes, from: start), "\(bytes) from \(start)")
            }
        }
    }
}
