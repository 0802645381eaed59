@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
/// Writes JSON string literals the way `jq -c` prints them.
///
/// Escapes `"` and `\`, uses the short forms `\n \t \r \b \f`, and writes every other control
/// character below 0x20, and DEL (0x7F), as `\u00xx` with lowercase hex. Everything else, including
/// all non-ASCII UTF-8, is copied unchanged, so output can be compared byte for byte with jq's.
public enum JSONText {
    /// Appends `s` as a JSON string literal, or `null` when `s` is nil.
    @inline(__always)
    public static func appendString(_ s: String?, to output: OutputWriter) {
        if let s {
            appendString(s, to: output)
        } else {
            output.write("null")
        }
    }

    /// Appends `s` as a JSON string literal.
    public static func appendString(_ s: String, to output: OutputWriter) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { utf8 in
            appendQuoted(UnsafeRawBufferPointer(utf8), to: output)
        }
        if done == nil {
            var copy = s
            copy.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0), to: output) }
        }
    }

    /// Appends already-valid UTF-8 `bytes` as a JSON string literal.
    static func appendQuoted(_ bytes: UnsafeRawBufferPointer, to output: OutputWriter) {
        output.write(byte: UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        let n = bytes.count
        while i < n {
            // Most bytes need no escape: skip them eight at a time, and copy them later as one run.
            if i + 8 <= n && !wordNeedsEscape(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                i += 8
                continue
            }
            let b = bytes[i]
            if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F {
                i += 1
                continue
            }
            if runStart < i {
                output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart..<i]))
            }
            appendEscape(b, to: output)
            i += 1
            runStart = i
        }
        if runStart < n {
            output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart..<n]))
        }
        output.write(byte: UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes in `x` is below 0x20, `"`, `\` or DEL (SWAR, no branches).
    ///
    /// `(v - 0x01…) & ~v & 0x80…` flags a zero byte of `v` (Hacker's Delight 6-1); a borrow can
    /// add false flags only above a true one, which a yes/no answer does not mind. Bytes of
    /// multi-byte UTF-8 have the high bit set, so they are never flagged.
    @inline(__always)
    static func wordNeedsEscape(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let control = (x &- ones &* 0x20) & ~x
        let q = x ^ (ones &* 0x22)
        let quote = (q &- ones) & ~q
        let s = x ^ (ones &* 0x5C)
        let backslash = (s &- ones) & ~s
        let d = x ^ (ones &* 0x7F)
        let delete = (d &- ones) & ~d
        return (control | quote | backslash | delete) & high != 0
    }

    /// At most how many bytes ``writeQuoted(_:to:at:)`` writes for `count` bytes: each a `\u00xx`, and the quotes.
    static func maximumQuotedSize(_ count: Int) -> Int { 6 * count + 2 }

    /// ``appendQuoted(_:to:)`` into memory: writes at `offset` of `out`, returns the offset after.
    static func writeQuoted(_ bytes: UnsafeRawBufferPointer, to out: UnsafeMutableRawPointer, at offset: Int) -> Int {
        var at = out.put(UInt8(ascii: "\""), at: offset)
        var runStart = 0
        var i = 0
        let n = bytes.count
        while i < n {
            if i + 8 <= n && !wordNeedsEscape(bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                i += 8
                continue
            }
            let b = bytes[i]
            if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F {
                i += 1
                continue
            }
            at = out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart..<i]), at: at)
            at = out.put(UInt8(ascii: "\\"), at: at)
            switch b {
            case 0x22, 0x5C: at = out.put(b, at: at)
            case 0x0A: at = out.put(UInt8(ascii: "n"), at: at)
            case 0x09: at = out.put(UInt8(ascii: "t"), at: at)
            case 0x0D: at = out.put(UInt8(ascii: "r"), at: at)
            case 0x08: at = out.put(UInt8(ascii: "b"), at: at)
            case 0x0C: at = out.put(UInt8(ascii: "f"), at: at)
            default:
                at = out.put(UInt8(ascii: "u"), at: at)
                at = out.put(UInt8(ascii: "0"), at: at)
                at = out.put(UInt8(ascii: "0"), at: at)
                at = out.put(hexDigit(b >> 4), at: at)
                at = out.put(hexDigit(b & 0x0F), at: at)
            }
            i += 1
            runStart = i
        }
        at = out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart..<n]), at: at)
        return out.put(UInt8(ascii: "\""), at: at)
    }

    private static func appendEscape(_ b: UInt8, to output: OutputWriter) {
        output.write(byte: UInt8(ascii: "\\"))
        switch b {
        case 0x22: output.write(byte: UInt8(ascii: "\""))
        case 0x5C: output.write(byte: UInt8(ascii: "\\"))
        case 0x0A: output.write(byte: UInt8(ascii: "n"))
        case 0x09: output.write(byte: UInt8(ascii: "t"))
        case 0x0D: output.write(byte: UInt8(ascii: "r"))
        case 0x08: output.write(byte: UInt8(ascii: "b"))
        case 0x0C: output.write(byte: UInt8(ascii: "f"))
        default:
            output.write("u00")
            output.write(byte: hexDigit(b >> 4))
            output.write(byte: hexDigit(b & 0x0F))
        }
    }

    @inline(__always)
    private static func hexDigit(_ v: UInt8) -> UInt8 {
        v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + (v - 10)
    }
}
