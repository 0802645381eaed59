import Foundation
import Testing
@testable import UserListRendering
import UserListDomain
import UserListPlatform
import UserListTestSupport

extension Rendering {
    @Suite struct OutputWriterTests {
        @Test func inMemoryKeepsEverythingInOrder() throws {
            let output = OutputWriter()
            output.write("héllo ")
            output.write(byte: UInt8(ascii: "["))
            output.write(int: 0)
            output.write(byte: UInt8(ascii: ","))
            output.write(int: -42)
            output.write(byte: UInt8(ascii: ","))
            output.write(int: Int.min)
            output.write(byte: UInt8(ascii: "]"))
            output.write(byte: UInt8(ascii: "."), repeating: 3)
            [UInt8(ascii: "!")].withUnsafeBytes { output.write($0) }
            output.write("张伟"[...])
            try output.flush()
            #expect(output.text == "héllo [0,-42,-9223372036854775808]...!张伟")
            #expect(output.bytes.count == output.text.utf8.count)
        }

        @Test func inMemoryCrossesTheBufferBoundary() throws {
            let output = OutputWriter()
            let chunk = String(repeating: "0123456789", count: 1_000)
            var expected = ""
            for i in 0..<30 {
                output.write(chunk)
                output.write(int: i)
                expected += chunk + String(i)
            }
            let big = [UInt8](repeating: UInt8(ascii: "x"), count: 200_000)
            big.withUnsafeBytes { output.write($0) }
            output.write(byte: UInt8(ascii: "."), repeating: 100_000)
            expected += String(repeating: "x", count: 200_000) + String(repeating: ".", count: 100_000)
            // Unflushed bytes are visible too.
            #expect(output.text == expected)
            try output.flush()
            #expect(output.text == expected)
        }

        @Test func fileDescriptorReceivesAllBytes() throws {
            let directory = TemporaryDirectory()
            let path = directory.write("rendered", "")
            let file = try #require(FileHandle(forWritingAtPath: path))
            defer { try? file.close() }
            let output = OutputWriter(fileDescriptor: file.fileDescriptor, name: "tmp")
            let line = String(repeating: "abcdefghij", count: 99) + "\n"
            for _ in 0..<300 { output.write(line) }
            try output.flush()

            let read = try #require(FileManager.default.contents(atPath: path)).map { $0 }
            #expect(read.count == 300 * line.utf8.count)
            #expect(read == Array(String(repeating: line, count: 300).utf8))
        }

        @Test func fullDeviceMakesFlushThrowAnOutputError() throws {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            defer { try? full.close() }
            let output = OutputWriter(fileDescriptor: full.fileDescriptor, name: "stdout")
            output.write("hello\n")
            let error = #expect(throws: UserlistError.self) { try output.flush() }
            #expect(error?.kind == .output)
            #expect(error?.exitCode == 74)
            #expect(error?.message == "stdout: write error: \(SystemError.text(of: POSIXErrorCode.ENOSPC.rawValue))")
            // The failure sticks: later writes are dropped and flush keeps reporting it.
            output.write("more")
            #expect(throws: UserlistError.self) { try output.flush() }
        }

        @Test func closedDescriptorMakesFlushThrow() throws {
            let output = OutputWriter(fileDescriptor: -1, name: "out.txt")
            output.write("x")
            let error = #expect(throws: UserlistError.self) { try output.flush() }
            #expect(error?.kind == .output)
            #expect(error?.message == "out.txt: write error: \(SystemError.text(of: POSIXErrorCode.EBADF.rawValue))")
        }

        @Test func nothingWrittenMeansNothingToFail() throws {
            let output = OutputWriter(fileDescriptor: -1, name: "out.txt")
            try output.flush()
            #expect(output.bytes.isEmpty)
        }
    }
}
