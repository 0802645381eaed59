#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's byte routines (`memcmp`, `memchr`, `memset`, `memmove`), vectorised, for the layers that
/// compare and scan bytes: inlinable, so calling them through here costs nothing over calling
/// them directly, and `Glibc` stays in this module.
public enum Memory {
    /// `memcmp`: negative, zero or positive as `a`'s first `count` bytes sort before, equal or
    /// after `b`'s.
    @inlinable @inline(__always)
    public static func compare(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int32 {
        memcmp(a, b, count)
    }

    /// `memchr`: the first `byte` in the `count` bytes from `start`, or nil.
    @inlinable @inline(__always)
    public static func first(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        UnsafeRawPointer(memchr(start, Int32(byte), count))
    }

    /// `memset` to zero: the `count` bytes from `start`.
    @inlinable @inline(__always)
    public static func zero(_ start: UnsafeMutableRawPointer, count: Int) {
        memset(start, 0, count)
    }

    /// `memmove`: `count` bytes from `source` to `destination`, which may overlap.
    @inlinable @inline(__always)
    public static func move(_ destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, count: Int) {
        memmove(destination, source, count)
    }
}
